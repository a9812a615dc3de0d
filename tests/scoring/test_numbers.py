from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.scoring.numbers import extract_numbers, parse_number

SCALES = {
    "": 1.0,
    " thousand": 1e3,
    " million": 1e6,
    " billion": 1e9,
    "M": 1e6,
    "bn": 1e9,
    " bn": 1e9,
    "k": 1e3,
}


def grouped(integer_part: str) -> str:
    return f"{int(integer_part):,}"


@st.composite
def rendered_numbers(draw: st.DrawFn) -> tuple[str, float, str]:
    """A number written the way reports and models write it, with the value a reader takes from it."""
    integer = draw(st.integers(min_value=0, max_value=10**9))
    decimals = draw(st.integers(min_value=0, max_value=4))
    fraction = draw(st.integers(min_value=0, max_value=10**decimals - 1)) if decimals else 0
    digits = str(integer) + (f".{fraction:0{decimals}d}" if decimals else "")
    body = (grouped(str(integer)) + digits[len(str(integer)) :]) if draw(st.booleans()) else digits
    value = float(digits)
    form = draw(st.sampled_from(["plain", "currency", "percent", "scaled", "scientific", "basis_points"]))
    unit = "plain"
    if form == "currency":
        body, unit = draw(st.sampled_from(["$", "US$", "€", "USD "])) + body, "currency"
    elif form == "percent":
        body, unit = body + draw(st.sampled_from(["%", " %", " percent", " per cent"])), "percent"
    elif form == "basis_points":
        body, unit = body + draw(st.sampled_from([" bp", " bps", " basis points"])), "basis_points"
    elif form == "scaled":
        suffix = draw(st.sampled_from(sorted(SCALES)))
        body, value, unit = "$" + body + suffix, value * SCALES[suffix], "currency"
    elif form == "scientific":
        exponent = draw(st.integers(min_value=-8, max_value=8))
        body = body.replace(",", "") + draw(
            st.sampled_from([f"e{exponent}", f"E{exponent:+d}", f" × 10^{exponent}"])
        )
        value *= 10.0**exponent
    negative = draw(st.booleans())
    if negative and value:
        style = draw(st.sampled_from(["minus", "unicode", "parentheses"]))
        body = {"minus": f"-{body}", "unicode": f"−{body}", "parentheses": f"({body})"}[style]
        value = -value
    return body, value, unit


@settings(max_examples=400, deadline=None)
@given(
    rendered_numbers(), st.sampled_from(["The result is {}.", "{}", "Answer: {}", "so we get {} in total"])
)
def test_every_rendering_reads_back_as_its_value(rendered: tuple[str, float, str], sentence: str) -> None:
    text, value, unit = rendered
    numbers = extract_numbers(sentence.format(text))
    assert len(numbers) == 1, (text, numbers)
    assert math.isclose(numbers[0].value, value, rel_tol=1e-9, abs_tol=1e-12), (text, numbers[0])
    assert numbers[0].unit == unit


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a loss of -9.23%", -9.23),  # the reference dropped minus signs
        ("Answer: 7.89", 7.89),  # read as 89 by the reference
        ("$3.5 million", 3_500_000.0),  # read as 5,000,000 by the reference
        ("0.228012", 0.228012),  # decimals kept, not truncated
        ("(1,234.56)", -1234.56),
        ("-$25,410.35", -25410.35),
        ("$-25,410.35", -25410.35),
        ("1.5×10⁶", 1_500_000.0),
        ("2.5E-3", 0.0025),
    ],
)
def test_known_reference_failures_read_correctly(text: str, value: float) -> None:
    number = parse_number(text)
    assert number is not None and math.isclose(number.value, value)


def test_a_parenthesised_restatement_keeps_its_sign_and_is_marked() -> None:
    numbers = extract_numbers("= 0.1040 + 0.013216 = 0.1172 (11.72%) and 21390000.00 ($21,390,000.00)")
    assert [n.value for n in numbers] == [0.104, 0.013216, 0.1172, 11.72, 21390000.0, 21390000.0]
    assert [n.restates_previous for n in numbers] == [False, False, False, True, False, True]
    assert numbers[3].fraction == pytest.approx(0.1172)


def test_subtraction_is_not_a_sign_and_lists_split() -> None:
    assert [n.value for n in extract_numbers("0.1040 - 0.0320, and 1,2,3")] == [0.104, 0.032, 1, 2, 3]
    assert [n.value for n in extract_numbers("step2 x3 (1 - 0.195)")] == [1.0, 0.195]


def test_fraction_reads_percent_and_basis_points_as_rates() -> None:
    percent, basis_points, dollars = extract_numbers("12.5% then 25 bp then $12.5")
    assert percent.fraction == pytest.approx(0.125)
    assert basis_points.fraction == pytest.approx(0.0025)
    assert dollars.fraction == 12.5


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_gives_finite_numbers_in_order(text: str) -> None:
    numbers = extract_numbers(text)
    assert all(math.isfinite(n.value) for n in numbers)
    assert all(a.end <= b.start for a, b in itertools.pairwise(numbers))
    assert all(0 <= n.start < n.end <= len(text) for n in numbers)
