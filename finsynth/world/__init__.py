"""The fictional world every family writes about: people's and companies' names, and how figures read.

FinChain questions, synthetic 10-K filings and UCFE instances draw names from :mod:`.names`
and write amounts, percentages, multiples and dates with :mod:`.formatting`, so a company,
a person or a figure reads the same way in every family.
"""
