"""Sentiment analysis: turning social, news and on-chain sentiment scores into trading signals.

Scores (on a −1 to +1 scale) are blended with weights, smoothed over time, standardized against
their history, or used to tilt an allocation exponentially, always by a rule stated up front.
"""

from finsynth.generators.finchain.dsl import (
    NumberGiven,
    Template,
    categorical,
    count,
    money,
    number,
    numeric,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BUY_SHARE = 0.6
"""Bullish share of posts at or above which the bull/bear rule says buy."""

SELL_SHARE = 0.4
"""Bullish share of posts at or below which the bull/bear rule says sell."""

EXTREME_Z = 1.5
"""Standardized sentiment beyond which the contrarian rule trades against the crowd."""

SMOOTHED_DAYS = 4


def score(name: str) -> NumberGiven:
    """Declare a sentiment score on the −1.00 to +1.00 scale."""
    return number(name, -1, 1, step=0.01)


@template(difficulty="basic")
def composite_sentiment_score() -> Template:
    """Weighted composite: S = w₁ · s₁ + w₂ · s₂ + (1 − w₁ − w₂) · s₃.

    Bands:
        onchain_weight: 10% to 80%
        composite_score: -1 to 1

    Relations:
        composite_score: -1 to 1 [sentiment_score_scale]
    """
    return Template(
        givens=[
            person("analyst"),
            score("social_score"),
            score("news_score"),
            score("onchain_score"),
            rate("social_weight", 10, 60, step=1, decimals=0),
            rate("news_weight", 10, 60, step=1, decimals=0),
        ],
        constraints=["social_weight + news_weight <= 0.9"],
        question=(
            "{analyst} blends three bitcoin sentiment readings, each on a scale from -1 (very bearish) to "
            "+1 (very bullish): social media {social_score}, news {news_score} and on-chain activity "
            "{onchain_score}. Social media gets a weight of {social_weight}, news {news_weight}, and "
            "on-chain activity the remaining weight. What is the composite sentiment score? Give the "
            "answer to four decimal places."
        ),
        steps=[
            step(
                "onchain_weight",
                "1 - social_weight - news_weight",
                "Weight of on-chain activity",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "composite_score",
                "social_weight * social_score + news_weight * news_score + onchain_weight * onchain_score",
                "Composite sentiment score",
                unit=Unit.NONE,
                decimals=4,
            ),
        ],
        answer=numeric("composite_score"),
    )


@template(difficulty="basic")
def bull_bear_ratio_signal() -> Template:
    """Bullish share b = bulls / (bulls + bears), mapped to buy (b ≥ 60%), sell (b ≤ 40%) or hold.

    Bands:
        bullish_share: 15% to 90%

    Relations:
        bullish_posts / (bullish_posts + bearish_posts): 15% to 90% [bullish_share]
    """
    return Template(
        givens=[
            person("trader"),
            count("bullish_posts", 100, 6_000),
            count("bearish_posts", 100, 6_000),
        ],
        constraints=[
            "bullish_posts >= 0.15 * (bullish_posts + bearish_posts)",
            "bullish_posts <= 0.9 * (bullish_posts + bearish_posts)",
        ],
        question=(
            "{trader} classifies yesterday's posts about ether on a social platform: {bullish_posts} are "
            "bullish and {bearish_posts} are bearish (neutral posts are ignored). The rule is 'buy' if "
            f"the bullish share of these posts is at least {BUY_SHARE:.0%}, 'sell' if it is at most "
            f"{SELL_SHARE:.0%}, and 'hold' otherwise. The share is rounded to two decimals of a percent "
            "before it is compared. What does the rule say?"
        ),
        steps=[
            step(
                "opinion_posts",
                "bullish_posts + bearish_posts",
                "Bullish plus bearish posts",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "bullish_share",
                "bullish_posts / opinion_posts",
                "Bullish share of the posts",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [(f"bullish_share >= {BUY_SHARE}", "buy"), (f"bullish_share <= {SELL_SHARE}", "sell")],
            otherwise="hold",
        ),
    )


@template(difficulty="intermediate")
def exponentially_smoothed_sentiment() -> Template:
    """Exponential moving average: E₁ = s₁, E_t = α · s_t + (1 − α) · E_{t−1}.

    Bands:
        smoothed_day_4: -1 to 1

    Relations:
        smoothed_day_4: -1 to 1 [sentiment_score_scale]
    """
    return Template(
        givens=[
            person("analyst"),
            series("daily_scores", number("daily_score", -1, 1, step=0.01), length=SMOOTHED_DAYS),
            number("smoothing", 0.1, 0.9, step=0.01),
        ],
        question=(
            "{analyst} tracks a daily crypto sentiment score (from -1 to +1). Over four days it read "
            "{daily_scores}, in order. {analyst} smooths it with an exponential moving average with "
            "smoothing factor {smoothing}, starting from the first day's score. What is the smoothed score "
            "on the fourth day? Round each day's smoothed value to four decimals."
        ),
        steps=[
            step(
                "smoothed_day_2",
                "smoothing * daily_scores[1] + (1 - smoothing) * daily_scores[0]",
                "Smoothed score on day 2",
                unit=Unit.NONE,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "smoothed_day_3",
                "smoothing * daily_scores[2] + (1 - smoothing) * smoothed_day_2",
                "Smoothed score on day 3",
                unit=Unit.NONE,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "smoothed_day_4",
                "smoothing * daily_scores[3] + (1 - smoothing) * smoothed_day_3",
                "Smoothed score on day 4",
                unit=Unit.NONE,
                decimals=4,
            ),
        ],
        answer=numeric("smoothed_day_4"),
    )


@template(difficulty="intermediate")
def sentiment_z_score_contrarian_signal() -> Template:
    """Standardized sentiment z = (s − mean) / sample standard deviation, with a contrarian ±1.5 rule.

    Bands:
        z_score: -4 to 4

    Relations:
        today_score: -1 to 1 [sentiment_score_scale]
    """
    return Template(
        givens=[
            person("trader"),
            series("past_scores", number("past_score", -0.5, 0.5, step=0.01), length=(5, 8)),
            number("today_score", -1, 1, step=0.01),
        ],
        constraints=[
            # Today's score is at most four standard deviations from the recent mean.
            "abs(today_score - sum(past_scores) / len(past_scores))"
            " <= 4 * sqrt(sum((s - sum(past_scores) / len(past_scores)) ** 2 for s in past_scores)"
            " / (len(past_scores) - 1))",
        ],
        question=(
            "{trader} runs a contrarian strategy on bitcoin sentiment (scores from -1 to +1). The scores on "
            "the previous days were {past_scores}, and today's score is {today_score}. {trader} standardizes "
            "today's score against the previous days' mean and sample standard deviation (n - 1 in the "
            f"denominator). The rule is 'contrarian sell' if the z-score is at least {EXTREME_Z}, "
            f"'contrarian buy' if it is at most -{EXTREME_Z}, and 'no signal' otherwise. Keep the mean and "
            "standard deviation to six decimals and the z-score to two. What does the rule say?"
        ),
        steps=[
            step(
                "observations",
                "sum(1 for s in past_scores)",
                "Number of past days",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "mean_score",
                "sum(past_scores) / observations",
                "Mean past score",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "score_std_dev",
                "sqrt(sum((s - mean_score) ** 2 for s in past_scores) / (observations - 1))",
                "Sample standard deviation of past scores",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "z_score",
                "(today_score - mean_score) / score_std_dev",
                "Today's z-score",
                unit=Unit.NONE,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [(f"z_score >= {EXTREME_Z}", "contrarian sell"), (f"z_score <= -{EXTREME_Z}", "contrarian buy")],
            otherwise="no signal",
        ),
    )


@template(difficulty="advanced")
def exponentially_tilted_allocation_trade() -> Template:
    """Exponential sentiment tilt: w_i ∝ b_i · e^(k · s_i), normalized; trade = V · w_BTC − current BTC value.

    Bands:
        bitcoin_trade / portfolio_value: -60% to 60%
        bitcoin_target_value / portfolio_value: 15% to 97%

    Relations:
        bitcoin_sentiment: -1 to 1 [sentiment_score_scale]
        ether_sentiment: -1 to 1 [sentiment_score_scale]
    """
    return Template(
        givens=[
            person("manager"),
            money("portfolio_value", 50_000, 5_000_000, step=1_000),
            money("bitcoin_value", 10_000, 4_500_000, step=500),
            rate("bitcoin_base_weight", 40, 80, step=1, decimals=0),
            number("tilt_strength", 0.1, 1, step=0.05),
            score("bitcoin_sentiment"),
            score("ether_sentiment"),
        ],
        constraints=[
            "bitcoin_value < portfolio_value",
            "abs(bitcoin_value - bitcoin_base_weight * portfolio_value) <= 0.15 * portfolio_value",
        ],
        question=(
            "{manager} runs a {portfolio_value} crypto fund split between bitcoin and ether, currently "
            "holding {bitcoin_value} of bitcoin and the rest in ether. The strategic weights are "
            "{bitcoin_base_weight} bitcoin and the rest ether. Each weight is tilted exponentially by "
            "sentiment, which keeps it positive however extreme the score: multiply it by e^({tilt_strength} "
            "× score), with scores of {bitcoin_sentiment} for bitcoin and {ether_sentiment} for ether, then "
            "rescale the two weights to sum to 100%. How many dollars of bitcoin must the fund buy to reach "
            "the tilted weight? (A negative answer is a sale.) Round to the nearest cent."
        ),
        steps=[
            step(
                "ether_base_weight",
                "1 - bitcoin_base_weight",
                "Strategic ether weight",
                unit=Unit.PERCENT,
            ),
            step(
                "bitcoin_tilted",
                "bitcoin_base_weight * exp(tilt_strength * bitcoin_sentiment)",
                "Tilted bitcoin weight before rescaling",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "ether_tilted",
                "ether_base_weight * exp(tilt_strength * ether_sentiment)",
                "Tilted ether weight before rescaling",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "bitcoin_target_value",
                "portfolio_value * bitcoin_tilted / (bitcoin_tilted + ether_tilted)",
                "Bitcoin position at the tilted weight",
            ),
            step(
                "bitcoin_trade", "bitcoin_target_value - bitcoin_value", "Bitcoin to buy (sell if negative)"
            ),
        ],
        answer=numeric("bitcoin_trade"),
    )
