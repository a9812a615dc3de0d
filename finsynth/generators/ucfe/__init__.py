"""UCFE: user-centric financial task specs, instances, bench import/export and the user simulator."""
