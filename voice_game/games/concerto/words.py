"""Concerto narration's words for the things of the game: instruments, patterns, pieces,
players, and the public facts that the human's own events and another player's move share."""
from __future__ import annotations

import re

from voice_game.narration.catalog import Noun
from voice_game.narration.common import NarratorBase, sentence
from voice_game.narration.message import NORMAL, Message

# narrated kinds whose words may name a beat pattern (a card's or the rules' text, help and
# the answers on request name patterns only as examples or rules, never a player's)
_TOLD_KINDS = frozenset({"draw", "place", "bot", "result", "turn", "take", "score"})
_PATTERNS = ("up-down", "left-right", "circle", "stab", "cross", "swoosh")


class ConcertoWords(NarratorBase):
    def __init__(self, catalog, humans, verbose=True):
        super().__init__(catalog, humans, verbose)
        self.pending: list = []  # events not yet said
        self.started = False  # the first turn began (the opening is over)
        self.last_prompt = None
        self.refill_said = ""  # the refill options last said (the same again: the count only)
        self.level_named: str | None = None  # your performance or replacement named this level just now
        self.repertoire = False  # you played Repertoire this turn: its new pieces say which were replaced
        self.repertoire_pieces = 0  # how many of its new pieces were said

    # --- helpers -------------------------------------------------------------
    def m(self, text: str, kind: str = "info", priority: str = NORMAL, cue: str | None = None,
          pan: float | None = None, history: str | None = None, fallback: str | None = None) -> Message:
        """A message whose history never holds a beat pattern (the memory rule): said once,
        what the history keeps names the instrument and whose it is, the pattern as
        "Schlagmuster" ("Amadeus: Gitarre mit Schlagmuster, nimmt Chor.")."""
        if kind in _TOLD_KINDS:
            kept = history if history is not None else (text or fallback or "")
            masked = self.masked(kept)
            if masked != kept:
                history = masked
        return super().m(text, kind, priority, cue, pan, history, fallback)

    def masked(self, text: str) -> str:
        """``text`` with every beat pattern's name replaced by the word for a pattern."""
        if not hasattr(self, "_pattern_re"):
            names = sorted((self.c.get(f"pattern.{p}.name") for p in _PATTERNS), key=len, reverse=True)
            self._pattern_re = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
        return self._pattern_re.sub(self.t("pattern_hidden"), text)

    def t(self, key: str, **params) -> str:
        return self.c.get(f"concerto.{key}", **params)

    def ins(self, x: str | None) -> str:
        """An instrument's name, with its grammar for the messages ("Streicher" is plural)."""
        if not x:
            return ""
        from voice_game.games.concerto.content import load_content

        g = load_content().name_grammar(self.c.lang, x)
        return Noun(self.c.get(f"instrument.{x}.name"), g.number, g.gender)

    def inss(self, xs) -> str:
        return self.join([self.ins(x) for x in xs]) if xs else self.t("nothing")

    def or_list(self, items: list[str]) -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.c.get('help.or')} " + items[-1]

    def pat(self, p: str | None) -> str:
        return self.c.get(f"pattern.{p}.name") if p else ""

    def pair(self, x: str, p: str) -> str:
        return self.t("pair", instrument=self.ins(x), pattern=self.pat(p))

    def level(self, lv: str) -> str:
        return self.c.get(f"level.{lv}.name")

    def special(self, card: str) -> str:
        return self.c.get(f"special.{card}.name")

    def conductor(self, cid: str) -> str:
        return self.c.get(f"conductor.{cid}.name")

    def title(self, pid: str) -> str:
        from voice_game.games.concerto.content import load_content

        if self.c.has(f"piece.{pid}.title"):
            return self.c.get(f"piece.{pid}.title")
        p = load_content().pieces.get(pid)
        return p.title if p else pid

    def piece(self, pid: str) -> str:
        """Title and composer (verbose); the title alone otherwise."""
        from voice_game.games.concerto.content import load_content

        if not self.verbose:
            return self.title(pid)
        p = load_content().pieces.get(pid)
        return self.t("piece_name", title=self.title(pid), composer=self.composer(p.composer) if p else "")

    def composer(self, name: str) -> str:
        """A composer as the catalog's language spells them (Pjotr Iljitsch Tschaikowski)."""
        key = "composer." + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        return self.c.get(key) if self.c.has(key) else name

    def piece_ref(self, pid: str, level: str) -> str:
        """A piece in a running sentence: by its level, as the player calls it ("Grün");
        verbose narration uses title and composer (the table always says the title)."""
        return self.piece(pid) if self.verbose else self.c.get(f"level.{level}.ref")

    def piece_details(self, pid: str, full: bool = True, maestro: bool = False, following: bool = False) -> str:
        """Level, title, points and instruments in order; composer and genre when ``full``
        (genre also in the maestro version: conductor cards ask for it); ``following``:
        after another piece in the same sentence, "Gelb für 5" (the points were named)."""
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if full or self.verbose:
            return self.t("piece_details", level=self.level(p.level), piece=self.t(
                "piece_name", title=self.title(pid), composer=self.composer(p.composer)), genre=self.c.get(f"genre.{p.genre}.name"),
                count=p.points, instruments=self.inss(p.instruments))
        key = "piece_short_genre" if maestro else "piece_short"
        if following:
            key += "_next"
        return self.t(key, level=self.level(p.level), piece=self.title(pid), count=p.points,
                      genre=self.c.get(f"genre.{p.genre}.name"), instruments=self.inss(p.instruments))

    def name(self, v: dict, p) -> str:
        if isinstance(p, int) and 0 <= p < len(v["players"]):
            return v["players"][p]["name"]
        return str(p)

    def is_you(self, p) -> bool:
        return p in self.humans

    def second_person(self, p) -> bool:
        """Spoken to as "du": the one human at the table."""
        return p in self.humans and self.solo

    def concerns_human(self, e) -> bool:
        return e.get("player") in self.humans or e.to in self.humans or e.get("target") in self.humans


    def opening_piece(self, pid: str, maestro: bool, following: bool) -> str:
        """A piece in the opening: "Grün für 3 Punkte: ..."; the orange one (five or six
        instruments, far from a starting orchestra of two) by its points and its count of
        instruments, which "Stücke" names ("Orange für 9, 6 Instrumente")."""
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if self.verbose or p.level != "orange":
            return self.piece_details(pid, full=False, maestro=maestro, following=following)
        key = "piece_count_genre" if maestro else "piece_count"
        return self.t(key + ("_next" if following else ""), level=self.level(p.level), points=p.points,
                      genre=self.c.get(f"genre.{p.genre}.name"), count=len(p.instruments))


    def public_text(self, e, v: dict) -> str:
        d = e.data
        if e.type == "piece_revealed":
            if self.brief:  # an orange piece by its points and its count of instruments ("Stücke" names them)
                return self.t("piece_revealed_brief", details=sentence(self.opening_piece(d["piece"], v["maestro"],
                                                                                          following=False)))
            return self.t("piece_revealed", details=sentence(self.piece_details(d["piece"], full=False,
                                                                                maestro=v["maestro"])))
        if e.type == "conductor_revealed":
            cid = d["card"]
            return self.t("conductor_revealed", name=self.conductor(cid), text=self.c.get(f"conductor.{cid}.text"))
        if e.type == "conductors_exhausted":
            return self.t("conductors_exhausted")
        if e.type == "pile_reshuffled":
            key = "pile_reshuffled" if self.verbose else "pile_reshuffled_short"
            return self.t(key, pile=self.t(f"pile.{e['pile']}"), count=e["size"])
        return ""

    def piece_same_level(self, pid: str, v: dict) -> str:
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if self.brief and p.level == "orange":  # "Neu für 9, 6 Instrumente" ("Stücke" names them)
            key = "piece_revealed_count_genre" if v["maestro"] else "piece_revealed_count"
            return self.t(key, points=p.points, genre=self.c.get(f"genre.{p.genre}.name"),
                          count=len(p.instruments))
        key = "piece_revealed_same_genre" if v["maestro"] else "piece_revealed_same"
        if self.brief or not self.hint_due("new_piece"):  # "Neues Stück" the first time, then "Neu für 6"
            key += "_short"
        return self.t(key, count=p.points, genre=self.c.get(f"genre.{p.genre}.name"),
                      instruments=self.inss(p.instruments))

    def counted(self, instruments, specials=()) -> str:
        """'2 mal Streicher, Klavier und Sabotage': equal cards counted."""
        counts: dict[str, int] = {}
        for x in instruments:
            counts[x] = counts.get(x, 0) + 1
        return self.join(self.times(counts, self.ins) + [self.special(x) for x in specials])

    def times(self, counts: dict[str, int], name) -> list[str]:
        """Equal cards counted ("zweimal Blechbläser"), the single ones first ("Schlagwerk und
        zweimal Blechbläser": never heard as twice both)."""
        return [name(x) for x, n in counts.items() if n == 1] + \
            [self.t("times", count=n, instrument=name(x)) for x, n in counts.items() if n > 1]

    def effect_text(self, e, v: dict) -> str:
        """The effect of a special card, said to everybody."""
        t, d = e.type, e.data
        nm = lambda key="player": self.name(v, d[key])  # noqa: E731
        if t == "instruments_exchanged":
            if self.second_person(d["target"]):
                return self.t("instruments_exchanged_you", player=nm(), instrument=self.ins(d["instrument"]),
                              other=self.ins(d["other"]))
            return self.t("instruments_exchanged", player=nm(), target=nm("target"),
                          instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
        if t == "patterns_swapped":
            if self.second_person(d["target"]):
                return self.t("patterns_swapped_you", instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
            return self.t("patterns_swapped", player=nm(), target=nm("target"),
                          instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
        if t == "own_patterns_swapped":
            return self.t("own_patterns_swapped", player=nm(), instrument=self.ins(d["instrument"]),
                          other=self.ins(d["other"]))
        if t == "market_exchanged":
            return self.t("market_exchanged", player=nm(), instrument=self.ins(d["instrument"]),
                          other=self.ins(d["other"]))
        if t == "rehearsal":
            return self.t("rehearsal", player=nm(), instrument=self.ins(d["instrument"]))
        if t == "audition":
            return self.t("audition", player=nm(), instrument=self.ins(d["instrument"]))
        return ""


    def _nm(self, e, v: dict, key: str = "player") -> str:
        return self.name(v, e.data[key])

    def _you(self, e) -> bool:
        return self.second_person(e.data.get("player"))

    def repertoire_piece(self, pid: str, v: dict, following: bool) -> str:
        """A new piece after Repertoire: all three are new, so "Grün für 3 Punkte: ...", then
        "Gelb für 5: ..." as in the opening (brief: the orange one as in the opening)."""
        if self.brief:
            return sentence(self.opening_piece(pid, v["maestro"], following))
        return sentence(self.piece_details(pid, full=False, maestro=v["maestro"], following=following))
