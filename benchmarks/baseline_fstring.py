"""The baseline: plain f-string generators of the same problems, written the way FinChain's
original templates were (global-free seeded ``random.Random``, ``uniform``, an f-string question and
an f-string solution). They carry no steps, trace, metadata or validation."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

Pair = tuple[str, str]


def future_value(rng: random.Random) -> Pair:
    principal = round(rng.uniform(1_000, 100_000), 2)
    rate = round(rng.uniform(0.5, 12), 2)
    years = rng.randint(2, 40)
    balance = principal * (1 + rate / 100) ** years
    question = (
        f"A saver deposits ${principal:,.2f} at {rate:.2f}% a year, compounded annually. "
        f"What is the balance after {years} years?"
    )
    solution = (
        f"Step 1: growth factor = (1 + {rate / 100:.4f})^{years} = {(1 + rate / 100) ** years:.6f}\n"
        f"Step 2: balance = {principal:.2f} × growth factor = {balance:.2f}\nAnswer: ${balance:,.2f}"
    )
    return question, solution


def years_to_goal(rng: random.Random) -> Pair:
    principal = round(rng.uniform(1_000, 50_000), 2)
    goal = principal * rng.uniform(1.2, 8)
    rate = round(rng.uniform(1, 12), 2)
    years = math.log(goal / principal) / math.log(1 + rate / 100)
    question = (
        f"A saver has ${principal:,.2f} at {rate:.2f}% a year and wants ${goal:,.2f}. "
        f"How many years will that take?"
    )
    solution = (
        f"Step 1: multiple = {goal:.2f} / {principal:.2f} = {goal / principal:.6f}\n"
        f"Step 2: years = ln({goal / principal:.6f}) / ln(1 + {rate / 100:.4f}) = {years:.2f}\n"
        f"Answer: {years:.2f} years"
    )
    return question, solution


def savings_goal(rng: random.Random) -> Pair:
    deposit = round(rng.uniform(1_000, 100_000), 2)
    contribution = round(rng.uniform(500, 25_000), 2)
    rate = round(rng.uniform(1, 10), 2) / 100
    years = rng.randint(5, 40)
    goal = round(rng.uniform(50_000, 2_000_000), 2)
    growth = (1 + rate) ** years
    balance = deposit * growth + contribution * (growth - 1) / rate
    question = (
        f"A saver opens an account with ${deposit:,.2f}, adds ${contribution:,.2f} a year at {rate:.2%} "
        f"for {years} years. By how much does the balance exceed ${goal:,.2f}?"
    )
    solution = (
        f"Step 1: growth = {growth:.6f}\nStep 2: deposit value = {deposit * growth:.2f}\n"
        f"Step 3: annuity factor = {(growth - 1) / rate:.6f}\n"
        f"Step 4: contributions = {contribution * (growth - 1) / rate:.2f}\n"
        f"Step 5: balance = {balance:.2f}\nStep 6: surplus = {balance - goal:.2f}\n"
        f"Answer: ${balance - goal:,.2f}"
    )
    return question, solution


TOPIC = "finchain/investment_analysis/compound_interest/"
PROBLEMS: dict[str, Callable[[random.Random], Pair]] = {
    TOPIC + "future_value_of_a_single_deposit": future_value,
    TOPIC + "years_to_reach_a_savings_goal": years_to_goal,
    TOPIC + "deposit_plus_annual_contributions_against_a_goal": savings_goal,
}
