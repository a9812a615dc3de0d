"""Financial concepts in plain words: the points any correct explanation makes, and a worked example idea.

Written for this project; each entry holds the term, two points an explanation must make,
an example that helps a lay reader, a related term, and whether the concept is about
investment returns (so an answer must not promise them).
"""

from __future__ import annotations

from typing import NamedTuple


class Concept(NamedTuple):
    """One entry of the concept table.

    Attributes:
        term: The concept's name.
        points: Two statements an explanation must make.
        example: An example that would help a lay reader.
        related: A concept worth connecting it to.
        about_returns: Whether it concerns investment returns.

    """

    term: str
    points: tuple[str, str]
    example: str
    related: str
    about_returns: bool


CONCEPTS: tuple[Concept, ...] = (
    Concept(
        "balance sheet",
        ("it lists what an entity owns and owes at one date", "assets equal liabilities plus equity"),
        "a household listing its home, savings and mortgage",
        "income statement",
        False,
    ),
    Concept(
        "income statement",
        ("it shows revenue and expenses over a period", "the difference is profit or loss"),
        "a café's sales minus rent, wages and supplies for a year",
        "cash flow statement",
        False,
    ),
    Concept(
        "cash flow statement",
        (
            "it tracks cash coming in and going out over a period",
            "it separates operating, investing and financing flows",
        ),
        "a firm that is profitable yet short of cash because customers pay late",
        "working capital",
        False,
    ),
    Concept(
        "financial statements",
        (
            "they are formal records of an entity's financial activity",
            "they show its financial position and performance",
        ),
        "reading a company's annual report before lending to it",
        "balance sheet",
        False,
    ),
    Concept(
        "working capital",
        (
            "it is current assets minus current liabilities",
            "it measures the cash cushion for day-to-day operations",
        ),
        "a shop that must pay suppliers before customers pay it",
        "current ratio",
        False,
    ),
    Concept(
        "current ratio",
        (
            "it divides current assets by current liabilities",
            "a value below one can signal short-term payment strain",
        ),
        "a business with $150 of current assets and $100 of bills due this year",
        "quick ratio",
        False,
    ),
    Concept(
        "quick ratio",
        (
            "it leaves inventory out of current assets",
            "it tests whether bills can be paid without selling stock",
        ),
        "a retailer whose stock is slow to sell",
        "current ratio",
        False,
    ),
    Concept(
        "debt-to-equity ratio",
        ("it compares borrowed money with owners' money", "a higher value means more financial risk"),
        "two firms of equal size, one funded mostly by loans",
        "leverage",
        False,
    ),
    Concept(
        "leverage",
        ("it means using borrowed money to fund assets", "it magnifies both gains and losses"),
        "buying a house with a small deposit and a large mortgage",
        "debt-to-equity ratio",
        True,
    ),
    Concept(
        "gross margin",
        (
            "it is revenue minus cost of goods sold, as a share of revenue",
            "it shows how much each sale leaves to cover other costs",
        ),
        "a bakery selling bread for $4 that costs $1.50 to make",
        "net margin",
        False,
    ),
    Concept(
        "net margin",
        ("it is net profit as a share of revenue", "it reflects all costs including interest and tax"),
        "a firm keeping 8 cents of every dollar of sales",
        "gross margin",
        False,
    ),
    Concept(
        "return on equity",
        (
            "it is net profit divided by shareholders' equity",
            "it shows how well owners' money is put to work",
        ),
        "comparing two shops with the same profit but different capital",
        "leverage",
        True,
    ),
    Concept(
        "depreciation",
        (
            "it spreads an asset's cost over its useful life",
            "it is an expense that uses no cash in the period",
        ),
        "a delivery van bought for $30,000 and used for five years",
        "amortization",
        False,
    ),
    Concept(
        "amortization",
        (
            "it spreads the cost of an intangible asset or a loan over time",
            "each payment or charge reduces the balance step by step",
        ),
        "a mortgage whose monthly payment gradually shifts from interest to principal",
        "depreciation",
        False,
    ),
    Concept(
        "compound interest",
        (
            "interest is earned on past interest as well as on the principal",
            "growth speeds up the longer money stays invested",
        ),
        "$1,000 at 5% becoming about $1,629 after ten years",
        "simple interest",
        True,
    ),
    Concept(
        "simple interest",
        ("interest is paid only on the original principal", "it grows in a straight line over time"),
        "a two-year loan of $1,000 at 6% costing $120 in interest",
        "compound interest",
        False,
    ),
    Concept(
        "inflation",
        ("it is the general rise in prices over time", "it reduces what a fixed amount of money can buy"),
        "a basket of groceries costing more each year",
        "real interest rate",
        False,
    ),
    Concept(
        "real interest rate",
        ("it is the nominal rate minus inflation", "it shows the true gain in purchasing power"),
        "a savings account paying 3% while prices rise 4%",
        "inflation",
        True,
    ),
    Concept(
        "diversification",
        ("it spreads money across different investments", "it lowers the damage any single loss can do"),
        "owning a fund of hundreds of companies instead of one stock",
        "asset allocation",
        True,
    ),
    Concept(
        "asset allocation",
        (
            "it divides a portfolio among asset classes such as shares, bonds and cash",
            "the mix should fit the investor's goals and tolerance for risk",
        ),
        "a young saver holding more shares than a retiree",
        "diversification",
        True,
    ),
    Concept(
        "bond",
        (
            "it is a loan to a government or company that pays interest",
            "its price falls when market interest rates rise",
        ),
        "a ten-year government bond paying a fixed coupon twice a year",
        "yield to maturity",
        True,
    ),
    Concept(
        "yield to maturity",
        (
            "it is the annual return on a bond held to the end if all payments are made",
            "it moves in the opposite direction to the bond's price",
        ),
        "buying a bond below its face value",
        "bond",
        True,
    ),
    Concept(
        "stock",
        ("it is a share of ownership in a company", "its value rises and falls with the company's prospects"),
        "owning 100 shares of a listed retailer",
        "dividend",
        True,
    ),
    Concept(
        "dividend",
        ("it is a payment of profit to shareholders", "a company may cut or stop it"),
        "a utility paying $0.50 per share each quarter",
        "payout ratio",
        True,
    ),
    Concept(
        "payout ratio",
        (
            "it is dividends as a share of net profit",
            "a very high value can make the dividend hard to sustain",
        ),
        "a firm paying out $60 of every $100 it earns",
        "dividend",
        False,
    ),
    Concept(
        "price-to-earnings ratio",
        (
            "it is the share price divided by earnings per share",
            "it shows how much investors pay for each dollar of profit",
        ),
        "a share at $30 with earnings of $2 per share",
        "earnings per share",
        False,
    ),
    Concept(
        "earnings per share",
        (
            "it is net profit divided by the number of shares",
            "it lets investors compare profit per share over time",
        ),
        "a company earning $10 million with 5 million shares",
        "price-to-earnings ratio",
        False,
    ),
    Concept(
        "market capitalization",
        (
            "it is the share price times the number of shares outstanding",
            "it measures what the market values the company's equity at",
        ),
        "a company with 20 million shares at $15",
        "enterprise value",
        False,
    ),
    Concept(
        "enterprise value",
        (
            "it adds debt to market capitalization and subtracts cash",
            "it is the price of buying the whole business",
        ),
        "comparing two takeover targets with different debts",
        "market capitalization",
        False,
    ),
    Concept(
        "net present value",
        (
            "it discounts future cash flows to today and subtracts the cost",
            "a positive value means the project adds value",
        ),
        "deciding whether to buy a machine that saves $2,000 a year",
        "discount rate",
        True,
    ),
    Concept(
        "discount rate",
        ("it converts future money into today's money", "a higher rate means future cash is worth less now"),
        "why $100 next year is worth less than $100 today",
        "net present value",
        False,
    ),
    Concept(
        "liquidity",
        ("it is how quickly an asset turns into cash without losing value", "cash is the most liquid asset"),
        "selling a house versus withdrawing from a savings account",
        "emergency fund",
        False,
    ),
    Concept(
        "emergency fund",
        (
            "it is cash set aside for unexpected expenses",
            "it is often sized at several months of living costs",
        ),
        "a household saving three months of rent and bills",
        "liquidity",
        False,
    ),
    Concept(
        "credit score",
        (
            "it summarises how reliably someone has repaid debt",
            "lenders use it to set approval and interest rates",
        ),
        "two applicants offered different rates on the same car loan",
        "debt-to-income ratio",
        False,
    ),
    Concept(
        "debt-to-income ratio",
        (
            "it is monthly debt payments divided by monthly income",
            "lenders use it to judge whether a borrower can take on more debt",
        ),
        "a borrower paying $1,500 a month on $5,000 of income",
        "credit score",
        False,
    ),
    Concept(
        "budget",
        (
            "it plans income against spending for a period",
            "it helps decide where money goes before it is spent",
        ),
        "a family splitting take-home pay into needs, wants and saving",
        "emergency fund",
        False,
    ),
    Concept(
        "annual percentage rate",
        (
            "it states a loan's yearly cost including fees",
            "it lets borrowers compare loans on the same basis",
        ),
        "two credit cards with the same interest but different fees",
        "compound interest",
        False,
    ),
    Concept(
        "mutual fund",
        (
            "it pools many investors' money into one managed portfolio",
            "investors pay fees and share gains and losses",
        ),
        "a saver buying a fund that holds 300 companies",
        "index fund",
        True,
    ),
    Concept(
        "index fund",
        ("it tracks a market index instead of picking investments", "it usually charges low fees"),
        "a fund holding every company in a broad stock index",
        "mutual fund",
        True,
    ),
    Concept(
        "risk tolerance",
        ("it is how much loss an investor can accept", "it depends on goals, time horizon and finances"),
        "a saver near retirement choosing fewer shares",
        "asset allocation",
        True,
    ),
    Concept(
        "audit",
        (
            "it is an independent check of financial statements",
            "the auditor gives an opinion on whether they are fairly presented",
        ),
        "an investor relying on audited accounts before buying shares",
        "financial statements",
        False,
    ),
    Concept(
        "accrual accounting",
        ("it records revenue when earned and expenses when incurred", "it can differ from when cash moves"),
        "a consultant billing in December and being paid in February",
        "cash flow statement",
        False,
    ),
    Concept(
        "goodwill",
        (
            "it is the part of an acquisition price above the fair value of net assets",
            "it is tested for impairment rather than used up evenly",
        ),
        "a firm paying extra for a rival's brand and customers",
        "balance sheet",
        False,
    ),
    Concept(
        "hedging",
        ("it takes an offsetting position to reduce a risk", "it limits losses but also gives up some gains"),
        "an importer fixing its exchange rate for next quarter's payment",
        "diversification",
        True,
    ),
)
