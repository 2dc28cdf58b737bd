"""Seats named by name where the grammar takes a seat's number ("Orchester von Amadeus"),
and commands written back as they were said ("Headhunter Amadeus Chor gegen Streicher?")."""
from __future__ import annotations

from voice_game.session.speaking import Speaking

#: the grammar's number slots that name a seat (a seat's name may stand for its number there)
SEAT_SLOTS = frozenset({"position", "seat"})


class SeatNames(Speaking):
    def _named_phrases(self, now) -> set[str]:
        """The phrases that name a seat by number, with the seat's name instead ("sabotage
        amadeus chor gegen streicher"), so a recognizer limited to the phrases allowed now
        can hear names; the line heard then goes through :meth:`seat_names_as_numbers`."""
        names = {int(number): " ".join(name) for name, number in self._seat_names()}
        out: set[str] = set()
        for cmd, ps in now:
            seats = [v for k, v in cmd if k in SEAT_SLOTS and v in names]
            if len(seats) != 1:
                continue
            for p in ps:
                words = p.spoken.split()
                at = [i for i, w in enumerate(words) if self.g.word_to_number.get(w) == seats[0]]
                if len(at) == 1:
                    out.add(" ".join(words[:at[0]] + [names[seats[0]]] + words[at[0] + 1:]))
        return out

    def _seat_names(self) -> list[tuple[tuple[str, ...], str]]:
        """(a seat's name as words, its number as digits), longest names first; a name
        made of the game's own words or filler words is left out."""
        if self._seat_words is None:
            vocabulary = set(self.g.vocabulary(self.kit.name))
            names = []
            for i, seat in enumerate(self.seats):
                name = tuple(self.g.normalize_words(seat.name, drop_fillers=False))
                if name and not any(w in vocabulary or w in self.g.fillers for w in name):
                    names.append((name, str(i + 1)))
            self._seat_words = sorted(names, key=lambda x: -len(x[0]))  # "Anna Lena" before "Anna"
        return self._seat_words


    def as_said(self, command: dict) -> str:
        """``command``'s words as the game writes them (German nouns capitalized, the cards
        as the locale names them: the read-back is read on a braille display too), a seat
        named by name in the line at hand read back by its name as its player wrote it
        ("Headhunter Amadeus Chor gegen Streicher?", not "Spieler zwei")."""
        names = {k: self._named[v] for k, v in command.items() if k in SEAT_SLOTS and v in self._named}
        values = {}
        for slot, value in command.items():
            key = self.kit.value_names.get(slot)
            if key is not None and self.c.has(key.format(value)):
                values[slot] = self.c.get(key.format(value))
        return self.g.write(command, names, values)

    def seat_names_as_numbers(self, text: str) -> str:
        """A seat's name where a seat's number goes ("Headhunter Amadeus Chor gegen
        Streicher", "Orchester von Amadeus"): the name becomes the seat's number, which the
        grammar's phrases take. A name made of the game's own words ("Chor") stays a word."""
        return self._seat_names_read(text)[0]

    def _seat_names_read(self, text: str) -> tuple[str, dict[int, str]]:
        """:meth:`seat_names_as_numbers` of ``text``, and the seats it names by name there:
        seat number -> the seat's name (for reading the command back as it was said)."""
        seat_names = self._seat_names()
        words = self.g.normalize_words(text, drop_fillers=False) if seat_names else []
        out: list[str] = []
        seats: dict[int, str] = {}
        i = 0
        while i < len(words):
            for name, number in seat_names:
                if tuple(words[i:i + len(name)]) == name:
                    out.append(number)
                    seats[int(number)] = self.seats[int(number) - 1].name
                    i += len(name)
                    break
            else:
                out.append(words[i])
                i += 1
        if out == words:
            return text, seats
        as_numbers = " ".join(out)
        by_words, _ = self.g.index(self.kit.name)
        commands = by_words.get(tuple(self.g.normalize_words(as_numbers)), set())
        # only where the words name a seat: in another game "Amadeus" must not become "2"
        return (as_numbers if any(k in SEAT_SLOTS for cmd in commands for k, _ in cmd) else text), seats

