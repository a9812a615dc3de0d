"""Names of people and companies for question text, drawn from Faker's en_US data.

Faker's own generators are slow to reseed per instance, so we draw directly from the
en_US provider word lists with our seeded :class:`~finsynth.seeding.RandomStream`. The
names are Faker's; the choice is ours and deterministic.
"""

from __future__ import annotations

from faker.providers.company.en_US import Provider as CompanyProvider
from faker.providers.person.en_US import Provider as PersonProvider

from finsynth.seeding import RandomStream, rejection_limit

FIRST_NAMES: tuple[str, ...] = tuple(PersonProvider.first_names_female) + tuple(
    PersonProvider.first_names_male
)
LAST_NAMES: tuple[str, ...] = tuple(PersonProvider.last_names)
COMPANY_SUFFIXES: tuple[str, ...] = tuple(CompanyProvider.company_suffixes)


_FIRST = (len(FIRST_NAMES), rejection_limit(len(FIRST_NAMES)))
_LAST = (len(LAST_NAMES), rejection_limit(len(LAST_NAMES)))


def person_name(stream: RandomStream) -> str:
    """Return a full personal name such as ``"Maria Lopez"``."""
    return f"{FIRST_NAMES[stream.below(*_FIRST)]} {LAST_NAMES[stream.below(*_LAST)]}"


def company_name(stream: RandomStream) -> str:
    """Return a company name in one of Faker's en_US company formats."""
    form = stream.randint(0, 2)
    if form == 0:
        return f"{stream.choice(LAST_NAMES)} {stream.choice(COMPANY_SUFFIXES)}"
    if form == 1:
        return f"{stream.choice(LAST_NAMES)}-{stream.choice(LAST_NAMES)}"
    first, second, third = (stream.choice(LAST_NAMES) for _ in range(3))
    return f"{first}, {second} and {third}"
