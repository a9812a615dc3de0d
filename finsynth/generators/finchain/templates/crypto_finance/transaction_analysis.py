"""Transaction analysis: fees, fee rates and change in Bitcoin and Ethereum transactions.

A Bitcoin transaction pays its miner fee implicitly (inputs minus outputs) and prices block
space per virtual byte; spare input value returns to the sender as a change output. An
Ethereum transaction pays gas used times an effective gas price (EIP-1559 base fee plus tip,
capped by the sender's maximum fee).
"""

from finsynth.generators.finchain.dsl import (
    Template,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    person,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

SATS_PER_BTC = 100_000_000
GWEI_PER_ETH = 1_000_000_000
BTC_DECIMALS = 8

INPUT_SIZES = {"68 vbytes each (native SegWit, P2WPKH)": 68, "57.5 vbytes each (Taproot key-path)": 57.5}
OUTPUT_SIZES = {"31 vbytes each (P2WPKH)": 31, "43 vbytes each (Taproot, P2TR)": 43}


@template(difficulty="basic")
def bitcoin_fee_in_dollars_from_fee_rate() -> Template:
    """Bitcoin miner fee: fee = vsize · fee rate (sat/vB); in dollars, fee / 10⁸ · BTC price.

    Bands:
        fee_usd: 0.05 to 400

    Relations:
        bitcoin_price: 15,000 to 110,000 [bitcoin_price]
    """
    return Template(
        givens=[
            person("sender"),
            count("tx_vsize", 110, 1_500),
            count("fee_rate", 1, 250),
            money("bitcoin_price", 15_000, 110_000, step=50),
        ],
        question=(
            "{sender}'s wallet builds a Bitcoin transaction with a virtual size of {tx_vsize} vbytes and "
            "offers a fee rate of {fee_rate} satoshis per vbyte (1 BTC = 100,000,000 satoshis). With bitcoin "
            "at {bitcoin_price}, what does the fee cost in dollars? Round to the nearest cent."
        ),
        steps=[
            step("fee_sats", "tx_vsize * fee_rate", "Fee in satoshis", unit=Unit.NONE, decimals=0),
            step(
                "fee_btc",
                f"fee_sats / {SATS_PER_BTC}",
                "Fee in bitcoin",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
            step("fee_usd", "fee_btc * bitcoin_price", "Fee in dollars"),
        ],
        answer=numeric("fee_usd"),
    )


@template(difficulty="basic")
def ethereum_transaction_fee_under_eip_1559() -> Template:
    """EIP-1559 fee: gas used · min(max fee, base fee + priority fee), converted from gwei to ETH.

    Bands:
        fee_eth: 0 to 0.03

    Relations:
        base_fee: 2 to 80 [ethereum_base_fee_gwei]
    """
    return Template(
        givens=[
            person("sender"),
            count("gas_used", 21_000, 350_000),
            number("base_fee", 2, 80, step=0.01),
            number("priority_fee", 0.01, 5, step=0.01),
            number("max_fee", 5, 100, step=0.01),
        ],
        constraints=["max_fee >= base_fee"],
        question=(
            "{sender} submits an Ethereum transaction that uses {gas_used} units of gas. The block's base "
            "fee is {base_fee} gwei, and {sender} set a priority fee (tip) of {priority_fee} gwei and a "
            "maximum fee of {max_fee} gwei per unit of gas. Under EIP-1559 the sender pays the base fee plus "
            "the tip, but never more than the maximum fee, per unit of gas (1 gwei = 0.000000001 ETH). "
            "What is the transaction fee in ether? Give the answer in ETH to eight decimal places."
        ),
        steps=[
            step(
                "effective_gas_price",
                "min(max_fee, base_fee + priority_fee)",
                "Effective gas price in gwei",
                unit=Unit.NONE,
            ),
            step(
                "fee_gwei",
                "gas_used * effective_gas_price",
                "Fee in gwei",
                unit=Unit.NONE,
            ),
            step("fee_eth", f"fee_gwei / {GWEI_PER_ETH}", "Fee in ether", unit=Unit.ETH, decimals=8),
        ],
        answer=numeric("fee_eth"),
    )


@template(difficulty="intermediate")
def effective_fee_rate_of_a_bitcoin_transaction() -> Template:
    """Implicit fee and fee rate: fee = Σ inputs − Σ outputs; rate = fee · 10⁸ / vsize (sat/vB).

    Bands:
        fee_rate: 1 to 20

    Relations:
        fee_rate: 1 to 20 [bitcoin_fee_rate]
    """
    return Template(
        givens=[
            person("analyst"),
            series(
                "input_values",
                number("input", 0.002, 0.6, step=0.00000001, decimals=BTC_DECIMALS, unit=Unit.BTC),
                length=(1, 3),
            ),
            number("payment", 0.001, 1.5, step=0.00001, decimals=BTC_DECIMALS, unit=Unit.BTC),
            # The wallet rounds change down to 0.00001 BTC and keeps a margin: the fee lands between
            # 1,000 and 2,000 satoshis, a realistic low-fee transaction.
            derived(
                "change",
                "floor((sum(input_values) - payment) * 100000) / 100000 - 0.00001",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
            derived("tx_vsize", "72.5 + 68 * len(input_values)", unit=Unit.NONE, decimals=1),
        ],
        constraints=["payment <= sum(input_values) - 0.0005"],
        question=(
            "{analyst} inspects a Bitcoin transaction on a block explorer. It spends inputs of "
            "{input_values} and creates two outputs: a payment of {payment} and change of {change}. Its "
            "virtual size is {tx_vsize} vbytes. What fee rate did it pay, in satoshis per vbyte "
            "(1 BTC = 100,000,000 satoshis)? Give the answer to two decimal places."
        ),
        steps=[
            step(
                "total_inputs", "sum(input_values)", "Total input value", unit=Unit.BTC, decimals=BTC_DECIMALS
            ),
            step(
                "total_outputs",
                "payment + change",
                "Total output value",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
            step(
                "fee_btc",
                "total_inputs - total_outputs",
                "Implicit miner fee",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
            step("fee_sats", f"fee_btc * {SATS_PER_BTC}", "Fee in satoshis", unit=Unit.NONE, decimals=0),
            step("fee_rate", "fee_sats / tx_vsize", "Fee rate in sat/vB", unit=Unit.NONE, decimals=2),
        ],
        answer=numeric("fee_rate"),
    )


@template(difficulty="intermediate")
def child_pays_for_parent_fee_bump() -> Template:
    """Child-pays-for-parent: child fee = r · (v_parent + v_child) − parent fee; rate = fee / v_child.

    Bands:
        child_fee_rate: 5 to 600

    Relations:
        parent_fee / parent_vsize: 0.2 to 17 [bitcoin_fee_rate]
        target_rate: 8 to 90 [bitcoin_fee_rate]
    """
    return Template(
        givens=[
            person("sender"),
            count("parent_vsize", 150, 700),
            count("parent_fee", 150, 2_500),
            count("child_vsize", 110, 250),
            count("target_rate", 8, 90),
        ],
        constraints=["parent_fee < target_rate * parent_vsize"],
        question=(
            "{sender}'s Bitcoin transaction of {parent_vsize} vbytes paid a fee of {parent_fee} satoshis and "
            "is stuck in the mempool. To speed it up, {sender} spends its change in a child transaction of "
            "{child_vsize} vbytes, so that miners evaluate the two together as a package. What fee rate must "
            "the child transaction itself pay, in satoshis per vbyte, for the package to reach "
            "{target_rate} satoshis per vbyte? Give the answer to two decimal places."
        ),
        steps=[
            step(
                "package_vsize",
                "parent_vsize + child_vsize",
                "Package size in vbytes",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "package_fee", "target_rate * package_vsize", "Package fee needed", unit=Unit.NONE, decimals=0
            ),
            step(
                "child_fee", "package_fee - parent_fee", "Fee the child must pay", unit=Unit.NONE, decimals=0
            ),
            step(
                "child_fee_rate",
                "child_fee / child_vsize",
                "Child's own fee rate",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("child_fee_rate"),
    )


@template(difficulty="advanced")
def change_output_of_a_segwit_payment() -> Template:
    """Change = Σ inputs − payment − fee, with fee = (overhead + n_in · s_in + n_out · s_out) · fee rate.

    Bands:
        fee_btc / total_inputs: 0% to 5%
        change / total_inputs: 0% to 100%

    Relations:
        fee_rate: 2 to 80 [bitcoin_fee_rate]
    """
    return Template(
        givens=[
            person("sender"),
            series(
                "input_values",
                number("input", 0.01, 0.8, step=0.00001, decimals=BTC_DECIMALS, unit=Unit.BTC),
                length=(1, 4),
            ),
            number("payment_total", 0.005, 2, step=0.00001, decimals=BTC_DECIMALS, unit=Unit.BTC),
            count("recipients", 1, 3),
            count("fee_rate", 2, 80),
            number("overhead_vbytes", 10.5, 10.5, step=0.5, decimals=1),
            option("input_vbytes", INPUT_SIZES),
            option("output_vbytes", OUTPUT_SIZES),
        ],
        constraints=["payment_total <= sum(input_values) - 0.001"],
        question=(
            "{sender} spends bitcoin inputs of {input_values} to pay a total of {payment_total} to "
            "{recipients} recipient(s), one output each, plus one change output back to {sender}. The "
            "transaction has {overhead_vbytes} vbytes of fixed overhead, inputs of {input_vbytes}, and "
            "outputs of {output_vbytes}. At a fee rate of {fee_rate} satoshis per vbyte, with the fee "
            "rounded to a whole satoshi (1 BTC = 100,000,000 satoshis), how much bitcoin comes back as "
            "change? Give the answer in BTC to eight decimal places."
        ),
        steps=[
            step(
                "tx_vsize",
                "overhead_vbytes + sum(input_vbytes for value in input_values)"
                " + (recipients + 1) * output_vbytes",
                "Virtual size of the transaction",
                unit=Unit.NONE,
                decimals=1,
            ),
            step(
                "fee_sats",
                "tx_vsize * fee_rate",
                "Fee in satoshis",
                unit=Unit.NONE,
                decimals=0,
                rounded_before_use=True,
            ),
            step(
                "fee_btc",
                f"fee_sats / {SATS_PER_BTC}",
                "Fee in bitcoin",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
            step(
                "total_inputs", "sum(input_values)", "Total input value", unit=Unit.BTC, decimals=BTC_DECIMALS
            ),
            step(
                "change",
                "total_inputs - payment_total - fee_btc",
                "Change returned to the sender",
                unit=Unit.BTC,
                decimals=BTC_DECIMALS,
            ),
        ],
        answer=numeric("change"),
    )
