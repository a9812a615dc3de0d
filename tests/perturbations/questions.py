"""Short finance questions in FailSafeQA's style, drawn from phrase lists we wrote for these tests."""

from __future__ import annotations

import json
from pathlib import Path

from finsynth.seeding import RandomStream, derive_seed

TATQA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "filings" / "tatqa_dataset_dev.json"

COMPANIES = {
    "Apple": "AAPL",
    "Microsoft": "MSFT",
    "Walt Disney": "DIS",
    "Bank of America": "BAC",
    "Tesla": "TSLA",
    "Pfizer": "PFE",
    "Exxon Mobil": "XOM",
    "Costco": "COST",
    "Netflix": "NFLX",
    "Northwind Traders": "NWT",
}
METRICS = [
    "net income",
    "revenue",
    "operating margin",
    "free cash flow",
    "capital expenditure",
    "interest expense",
    "total debt",
    "gross profit",
    "diluted EPS",
    "dividend per share",
    "cash balance",
    "loan book",
    "principal repayments",
    "tax rate",
    "share count",
    "working capital",
    "inventory",
    "accounts receivable",
    "research spending",
    "marketing costs",
]
PERIODS = [
    "fiscal 2023",
    "the fourth quarter of 2022",
    "Q3 2021",
    "2019",
    "the first half of 2024",
    "December 2020",
]
AMOUNTS = ["$4.2 billion", "12.5%", "€310 million", "$0.87", "1,250 million dollars"]
FORMS = [
    "What was {company}'s {metric} in {period}?",
    "Can you tell me the {metric} of {company} for {period}?",
    "How much did {company} report as {metric} in {period}?",
    "What is the year-over-year change in {company}'s {metric} between {earlier} and {later}?",
    "Please give me {company}'s {metric} for {period}.",
    "By how much did the {metric} of {company} increase from {earlier} to {later}?",
    "Did {company} ({ticker}) grow its {metric} in {period}?",
    "How does the {metric} of {ticker} compare with its peers in {period}?",
    "Which segment contributed most to {company}'s {metric} in {period}?",
    "What were the main drivers behind the change in {metric} at {company} during {period}?",
    "Why did {company}'s {metric} fall to {amount} in {period}?",
    "Is {amount} a reasonable estimate of {ticker}'s {metric} for {period}?",
]


def finance_questions(count: int, seed: int = 0) -> list[str]:
    """Return ``count`` questions; the same arguments give the same list."""
    questions = []
    for index in range(count):
        rng = RandomStream(derive_seed("test questions", seed, index))
        company = rng.choice(list(COMPANIES))
        later = rng.randint(2016, 2024)
        questions.append(
            rng.choice(FORMS).format(
                company=company,
                ticker=COMPANIES[company],
                metric=rng.choice(METRICS),
                period=rng.choice(PERIODS),
                amount=rng.choice(AMOUNTS),
                earlier=later - rng.randint(1, 3),
                later=later,
            )
        )
    return questions


def tatqa_questions() -> list[str]:
    """Return TAT-QA's 1,668 dev questions (real annual-report questions), or [] if the file is absent."""
    if not TATQA.exists():
        return []
    items = json.loads(TATQA.read_text(encoding="utf-8"))
    return [question["question"] for item in items for question in item["questions"]]
