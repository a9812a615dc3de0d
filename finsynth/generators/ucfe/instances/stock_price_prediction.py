"""Stock Price Prediction (zero-shot): label a closing-price series by a moving-average crossover rule.

Data: a fictional company's ticker and 10–15 daily closes (with dates). The instruction states
the rule: compare the average of the last ``short`` closes (3 or 5) with the average of the
last ``long`` closes (8 to the series length); more than ``band`` (1% or 2%) above is
``outperform``, more than ``band`` below ``underperform``, else ``neutral`` (see
:func:`~finsynth.generators.ucfe.instances.world.prices.crossover_label`). ``answer``,
``must_contain`` and ``reference_answer`` are that one label.
"""

from __future__ import annotations

from fractions import Fraction

from finsynth.generators.finchain.names import company_name
from finsynth.generators.finchain.quantities import round_half_up
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.prices import crossover_label, draw_closes, trading_days
from finsynth.seeding import RandomStream

_HEADERS = (
    "Daily closing prices of {company} ({ticker}), oldest first:",
    "{company}, ticker {ticker} — closes for the last {count} sessions:",
    "Market data for {ticker} ({company}), one close per trading day:",
)
_ROWS = ("{date}: ${close}", "{date} close ${close}", "{date} — ${close}")
_INSTRUCTIONS = (
    "Classify the stock as outperform, neutral or underperform using this rule: take the average of "
    "the last {short} closes and the average of the last {long} closes; if the short average is more "
    "than {band}% above the long one answer outperform, if more than {band}% below answer "
    "underperform, otherwise neutral. Reply with the one word only.",
    "Apply a moving-average crossover: short average = mean of the final {short} closes, long "
    "average = mean of the final {long} closes. Short above long by more than {band}% means "
    "outperform; below by more than {band}% means underperform; anything else is neutral. Give only "
    "the label.",
    "Using the closes above, compare the {short}-day and {long}-day simple moving averages at the "
    "last date. Answer outperform if the {short}-day average exceeds the {long}-day one by more than "
    "{band}%, underperform if it trails by more than {band}%, neutral otherwise — one word, no "
    "explanation.",
)


@task_instance("stock_price_prediction")
def stock_price_prediction(stream: RandomStream) -> TaskInstance:
    """Draw a price series and label it by the stated crossover rule."""
    company = company_name(stream)
    ticker = "".join(character for character in company.upper() if character.isalpha())[:3] + str(
        stream.randint(1, 9)
    )
    count = stream.randint(10, 15)
    short = stream.choice((3, 5))
    long = stream.randint(8, count)
    band_percent = stream.choice((1, 2))
    closes = draw_closes(stream, count)
    days = trading_days(draw_date(stream), count)
    label = crossover_label(closes, short, long, Fraction(band_percent, 100))
    row = stream.choice(_ROWS)
    rows = [
        row.format(date=day.isoformat(), close=f"{cents / 100:.2f}")
        for day, cents in zip(days, closes, strict=True)
    ]
    header = stream.choice(_HEADERS).format(company=company, ticker=ticker, count=count)
    information = header + " " + "; ".join(rows) + "."
    needs = stream.choice(_INSTRUCTIONS).format(short=short, long=long, band=band_percent)
    facts: dict[str, FactValue] = {
        "company": company,
        "ticker": ticker,
        "close_count": count,
        "short_window": short,
        "long_window": long,
        "band_percent": band_percent,
        "short_average": round_half_up(sum(closes[-short:]) / short / 100, 4),
        "long_average": round_half_up(sum(closes[-long:]) / long / 100, 4),
        "label": label,
    }
    for number, cents in enumerate(closes, start=1):
        facts[f"close_{number}_cents"] = cents
    hints = hint_map(answer=(label,), must_contain=(label,), forbid=("an explanation beyond the label",))
    return TaskInstance("stock_price_prediction", information, needs, hints, facts, label)
