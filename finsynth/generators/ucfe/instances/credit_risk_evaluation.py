"""Credit Risk Evaluation: a borrower's credit score and balance sheet, labelled by stated bands.

Data: a fictional company with a credit score (300–850), total assets and total liabilities
(whole dollars), current assets and liabilities, late payments in the last 24 months and years
in business.

Rules (see :mod:`~finsynth.generators.ucfe.instances.world.credit` for the bands): the
debt-to-asset ratio is liabilities ÷ assets rounded to 0.1 percentage point; the score band and
the leverage band add up to the default-risk label. ``answer`` is the label; ``must_contain``
always holds the label (``"<label> default risk"``), the ratio and the score with its band;
``encourage`` holds the current ratio (current assets ÷ current liabilities, two decimals) and the
loan the user is weighing (drawn, 5–30% of assets) as a share of total assets; the needs name it.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.credit import (
    debt_to_asset_ratio,
    default_risk,
    leverage_band,
    score_band,
)
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_of, dollars, percent
from finsynth.world.names import company_name
from finsynth.world.rounding import round_half_up

_OPENINGS = (
    "{name}: credit score {score}, total assets {assets}, total liabilities {liabilities}.",
    "Borrower {name} has a credit score of {score}; its balance sheet shows assets of {assets} "
    "and liabilities of {liabilities}.",
    "Loan applicant {name} — score {score}; assets {assets}; liabilities {liabilities}.",
    "The file on {name} lists a credit score of {score}, {assets} in total assets and "
    "{liabilities} in total liabilities.",
)
_DETAILS = (
    "Current assets are {current_assets} against current liabilities of {current_liabilities}.",
    "Of the balance sheet, {current_assets} is current assets and {current_liabilities} is due "
    "within a year.",
)
_HISTORY = (
    "It has been in business for {years} years and made {late_payments} in the past 24 months.",
    "Operating history: {years} years; late payments over the last two years: {late}.",
    "The company was set up {years} years ago and its payment record shows {late_payments} in the "
    "latest 24 months.",
)
_NEEDS = (
    "Judge the borrower's default risk, say where its credit score stands, and analyse its "
    "financial condition, payment history and operating risks.",
    "Tell me how risky this borrower is: summarise its credit score level and walk through its "
    "leverage, liquidity and track record before giving a risk level.",
    "I need a default-risk assessment with a short view on the credit score, the balance sheet "
    "and the repayment history.",
    "Should we lend to this company? Give me a risk rating and the three or four facts behind it.",
    "Rate this borrower low, moderate or high risk and explain the rating in plain terms.",
    "Walk me through how you would assess this company's chance of default, then give your rating.",
    "What are the warning signs here, if any, and how likely is this borrower to default?",
    "Give me a credit view I can put in the loan file: score band, leverage, liquidity, payment record "
    "and overall risk.",
    "Is this customer safe to extend credit to? Say how risky it is and why.",
    "Assess the default risk from the score and the figures; flag anything that needs a closer look.",
)
_REQUESTS = (
    "{name} has asked us for a {amount} {facility} over {term} years.",
    "We are deciding whether to renew {name}'s {amount} {facility}, which would run for {term} more years.",
    "The request on my desk: a {amount} {facility} for {name}, repaid over {term} years.",
    "{name} wants to raise its {facility} to {amount}, with a term of {term} years.",
)
_FACILITIES = ("term loan", "revolving credit line", "equipment loan", "trade credit limit")
_CONSTRAINTS = (
    "Keep it to a short memo for the credit committee.",
    "Tell me which single figure worries you most, if any.",
    "Point out what you would check before the committee meets.",
    "Say whether the request changes your view of the risk.",
    "Write it so a junior analyst can follow each step.",
)


@task_instance("credit_risk_evaluation")
def credit_risk_evaluation(stream: RandomStream) -> TaskInstance:
    """Draw a borrower and derive its default-risk label from score and leverage bands."""
    name = company_name(stream)
    score = stream.randint(480, 830)
    assets = stream.randint(20, 5000) * 10_000
    liabilities = round(assets * stream.uniform(0.1, 0.85) / 1000) * 1000
    current_assets = round(assets * stream.uniform(0.15, 0.6) / 1000) * 1000
    current_liabilities = max(1000, round(liabilities * stream.uniform(0.2, 0.7) / 1000) * 1000)
    years = stream.randint(2, 45)
    late = stream.randint(0, 5)
    ratio = debt_to_asset_ratio(liabilities, assets)
    band, _ = score_band(score)
    leverage, _ = leverage_band(ratio)
    label = default_risk(score, ratio)
    current_ratio = round_half_up(current_assets / current_liabilities, 2)
    fields = {
        "name": name,
        "score": score,
        "assets": dollars(assets),
        "liabilities": dollars(liabilities),
        "current_assets": dollars(current_assets),
        "current_liabilities": dollars(current_liabilities),
        "years": years,
        "late": late,
        "late_payments": count_of(late, "late payment"),
    }
    parts = [stream.choice(_OPENINGS), stream.choice(_DETAILS), stream.choice(_HISTORY)]
    if stream.random() < 0.5:
        parts[1], parts[2] = parts[2], parts[1]
    information = " ".join(part.format(**fields) for part in parts)
    must = (
        f"{label} default risk",
        f"debt-to-asset ratio (total liabilities / total assets) of {percent(ratio)}",
        f"credit score of {score} ({band} band)",
    )
    request = round(assets * stream.uniform(0.05, 0.3) / 10_000) * 10_000
    term = stream.randint(2, 10)
    hints = hint_map(
        answer=(label,),
        must_contain=must,
        at_least_contain=(
            "an analysis of the assets and liabilities given",
            "a short summary of the borrower's overall financial health",
        ),
        should_contain=(
            f"how the {leverage} leverage affects default risk",
            f"the payment record ({count_of(late, 'late payment')} in 24 months)",
        ),
        encourage=(
            f"current ratio of {current_ratio:.2f}",
            f"the requested {dollars(request)} as {percent(request / assets)} of total assets",
            "what further data would sharpen the view",
        ),
        forbid=(
            "a promise that the borrower will or will not default",
            "a verdict that ignores the figures provided",
        ),
    )
    reference = (
        f"{name} carries {label} default risk: a credit score of {score} sits in the {band} band and a "
        f"debt-to-asset ratio of {percent(ratio)} is {leverage} leverage."
    )
    facts: dict[str, FactValue] = {
        "company": name,
        "credit_score": score,
        "total_assets": assets,
        "total_liabilities": liabilities,
        "current_assets": current_assets,
        "current_liabilities": current_liabilities,
        "years_in_business": years,
        "late_payments_24m": late,
        "debt_to_asset_ratio": ratio,
        "score_band": band,
        "leverage_band": leverage,
        "current_ratio": current_ratio,
        "risk_label": label,
        "requested_amount": request,
        "requested_term_years": term,
    }
    details = (
        stream.choice(_REQUESTS).format(
            name=name, amount=dollars(request), facility=stream.choice(_FACILITIES), term=term
        ),
        stream.choice(_CONSTRAINTS),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "credit_risk_evaluation", information, needs, hints, facts, reference, needs_variants=needs_variants
    )
