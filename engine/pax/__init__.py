"""Pax Britannica (Victory Games 1985): rules engine, part 1 (issue 19): the peace-time turn."""
