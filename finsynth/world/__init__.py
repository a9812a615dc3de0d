"""The fictional world every family writes about: names, industries, cost structures and how figures read.

FinChain questions, synthetic 10-K filings and UCFE instances draw names from :mod:`.names`
and write amounts, percentages, multiples and dates with :mod:`.formatting`, so a company,
a person or a figure reads the same way in every family. Filings and UCFE companies belong
to one of the industries of :mod:`.industries` (typed in :mod:`.industry_profiles`, one data
file each under ``resources/industries/``) and draw their margins and expense lines inside
its bands with :mod:`.cost_structure`, so a company of an industry is named, described and
shaped alike in both families.
"""
