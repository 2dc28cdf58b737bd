"""Taking in the table by ear, as a sighted player does at a glance: a review cursor over
the game's rows (voice_game.core.review) that moves one item per key or "next" without
acting, a row's short form for a status key or command ("markt", F5), a card named alone
("Streicher?": where it lies), and at your turn one short summary of what changed since
your own move. Each seat at the loudspeaker has its own cursor and its own memory of
the table; the rows come from that seat's view, so they hold nothing it may not know."""
from __future__ import annotations

from voice_game.core.review import Row, changes
from voice_game.narration.message import LOW, Message
from voice_game.session.speaking import Speaking


#: the narration details at which the summary comes unasked at your turn: verbose only, so
#: the routine cycles of brief and normal narration (benchmarks/narration_bench.py) stay as
#: short as they are; at any detail "was ist neu" / "what is new" / the key U says it
SUMMARY_AT = ("verbose",)


class Reviewing(Speaking):
    _review_at: dict[int | None, tuple[str, int]]  # seat -> (row id, item) where its cursor is
    _table_seen: dict[int, list[Row]]  # seat -> the table as it was after that seat's own move
    _others_moved: set[int]  # the humans someone else moved since their own line

    def table_rows(self, seat: int | None = None) -> list[Row]:
        """The rows of the table as ``seat`` (default: the seat at the speaker) may see them."""
        if self.kit.review is None:
            return []
        who = self.at_speaker() if seat is None else seat
        return list(self.kit.review(self.narrator, self.kit.view(self.state, who)))

    # --- the review cursor ---------------------------------------------------
    def review(self, rows_by: int = 0, items_by: int = 0) -> None:
        """Move the cursor ``rows_by`` rows (to the row's first item) or ``items_by``
        items, and say where it is; at an edge, the edge and the item there again."""
        rows = self.table_rows()
        if not rows:
            self.say_key("review.no_table", record=False)
            return
        seat = self.at_speaker()
        at = self._review_at.get(seat)
        ids = [r.id for r in rows]
        if at is None or at[0] not in ids:  # the first step goes to the first row's first item
            r, i, fresh = 0, 0, True
        else:
            r, i, fresh = ids.index(at[0]), at[1], False
        edge = None
        if not fresh and rows_by:
            r, i = r + rows_by, 0
            if r < 0:
                edge, r = "review.first_row", 0
            elif r >= len(rows):
                edge, r = "review.last_row", len(rows) - 1
        elif not fresh and items_by:
            i += items_by
            last = max(0, len(rows[r].items) - 1)
            if i < 0:
                edge, i = "review.row_start", 0
            elif i > last:
                edge, i = "review.row_end", last
        i = min(i, max(0, len(rows[r].items) - 1))
        self._review_at[seat] = (rows[r].id, i)
        if edge is not None:
            self.say_key(edge, record=False)
        row = rows[r]
        if not row.items:
            self.say_key("review.row_empty", record=False, title=row.title)
        elif rows_by or fresh:  # a new row: its name with the item
            self.say_key("review.row", record=False, title=row.title, item=row.items[i])
        else:
            self.say(Message(row.items[i], "table", LOW), record=False)

    # --- status: a row in its short form -------------------------------------
    def status(self, row_id: str | None = None, number: int | None = None) -> None:
        """The row ``row_id`` (a status command: "markt") or the ``number``-th row (a
        status key) in its short form; the cursor goes there."""
        rows = self.table_rows()
        if number is not None:
            found = rows[number - 1] if 1 <= number <= len(rows) else None
        else:
            found = next((r for r in rows if r.id == row_id), None)
        if found is None:
            self.say_key("review.no_such_row" if rows else "review.no_table")
            return
        self._review_at[self.at_speaker()] = (found.id, 0)
        self.say(Message(found.short, "table", LOW))

    def lookup(self, name: str) -> None:
        """A card named alone ("Streicher?"): the rows that hold it, by title, else nowhere."""
        want = name.casefold()
        places = [r.title for r in self.table_rows() if any(want in item.casefold() for item in r.items)]
        if places:
            self.say_key("review.found", kind="table", priority=LOW, name=name, places=self.narrator.join(places))
        else:
            self.say_key("review.found_nowhere", kind="table", priority=LOW, name=name)

    # --- what changed since your own move -------------------------------------
    def remember_table(self, mover: int | None) -> None:
        """After a move: a human who moved remembers the table as it is now; every other
        human will hear at their turn what changed."""
        if self.kit.review is None:
            return
        if mover in self.humans:
            self._table_seen[mover] = self.table_rows(mover)
        self._others_moved |= self.humans - {mover}

    def news(self, seat: int) -> list[str]:
        """What changed on the table for ``seat`` since its own last move (watched rows),
        a sentence a row: "Markt: Chor und Klavier." "Stücke: Gelb 5: Chor, Gesang." """
        before = self._table_seen.get(seat)
        if before is None:
            return []
        out = []
        for row, items in changes(before, self.table_rows(seat)):
            if items == row.items:
                out.append(row.short)
            else:
                out.append(self.c.get("review.list", title=row.title, items="; ".join(items)))
        return out

    def whats_new(self) -> None:
        """"Was ist neu": the summary of what changed since your own move, asked for."""
        seat = self.at_speaker()
        new = self.news(seat) if seat is not None else []
        if new:
            self.say_key("review.new", kind="table", priority=LOW, changes=" ".join(new))
        else:
            self.say_key("review.new_none", kind="table", priority=LOW)

    def turn_summary(self, player: int) -> None:
        """At ``player``'s turn, once, when others moved since their own move: one short
        line of what changed on the table that matters to them (nothing when nothing did)."""
        if player not in self._others_moved:
            return
        self._others_moved.discard(player)
        new = self.news(player)
        if not new or self.detail not in SUMMARY_AT:  # else asked for: "was ist neu", the key U
            return
        m = Message(self.c.get("review.new", changes=" ".join(new)), "table", LOW)
        if self.handover:
            self.say_private([m])
        else:
            self.say(m, narrated=True)
