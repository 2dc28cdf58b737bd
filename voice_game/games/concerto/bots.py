"""Concerto bots. They play from a player's VIEW and the legal actions only, never the
state, and conduct from memory.

Memory model: the bot records every beat pattern it hears announced (its own and the
others'), and keeps track of where patterns travel (Headhunter, Sabotage, Job
Sharing, Rimon Sattle). No pattern is in its view (nor in a player's), so when it
conducts it must recall its own, and what it knows of an opponent's (a Headhunter's
catch, Sabotage) is what it heard: a pattern seen ``age`` turns ago, while holding ``k`` own patterns,
is recalled with probability

    p = (floor + (1 - floor) * exp(-age / tau)) / (1 + load * (k - 1))

(``floor``, ``tau`` and ``load`` depend on the level); a forgotten pattern is guessed. Rehearsal
refreshes a pattern (age 0). The easy and strong bots roll the recall once per performance,
when they decide to conduct, so their plan is fixed for the whole piece; they only know
how likely they are to remember.

The normal bot (the default) knows what it remembers, as a player does: each pattern it
heard gets a fixed threshold ``u`` (a hash of seat, instrument and when it was heard, so
it is the same in a resumed game), and the pattern is remembered while ``u < p``. Once
forgotten it stays forgotten (unless fewer patterns to hold bring it back) until it is
heard again. A remembered pattern is shown right, but for a rare slip. So the bot
conducts a piece it remembers completely, rehearses the one pattern it lacks, keeps its
orchestra lean (every pattern held makes the others harder to keep), gives up a
forgotten instrument first, and gambles on a forgotten pattern only when nothing better
is left, so few pieces are wasted on failures and games end by reaching the target.

``choose(view, legal_actions, rng) -> action``; ``observe(event)`` is fed the events
the bot's seat may know (others are ignored).
"""
from __future__ import annotations

import hashlib
import math

from voice_game.core.events import Event
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE
from voice_game.games.concerto import referee, rules
from voice_game.games.concerto.content import PERFORMANCE_KINDS, load_content
from voice_game.games.concerto.state import REVEAL, Action

LEVELS = {
    # tau: turns (of any player) until the fading part of a memory falls to 1/e;
    # floor: what is never forgotten; load: penalty per extra own pattern held;
    # nerve: the success chance that makes the bot conduct at once (below it, it
    # conducts only when nothing better is left and the expected gain is positive);
    # sabotage / rehearse: how often it uses those cards when they would help;
    # aware: it knows which patterns it remembers (see above), slip: the chance that a
    # remembered pattern comes out wrong all the same; lean: the orchestra size above
    # which it places no instrument that no open piece needs
    "easy": {"tau": 25.0, "floor": 0.15, "load": 0.12, "nerve": 0.3, "sabotage": 0.0, "rehearse": 0.3},
    "normal": {"tau": 70.0, "floor": 0.35, "load": 0.06, "nerve": 0.45, "sabotage": 0.5, "rehearse": 1.0,
               "aware": True, "slip": 0.03, "lean": 4},
    "strong": {"tau": 200.0, "floor": 0.6, "load": 0.03, "nerve": 0.55, "sabotage": 1.0, "rehearse": 1.0,
               "aware": True, "slip": 0.01, "lean": 5},
}
LOSS_COST = 1.5  # what losing an instrument (and its pattern) costs, in points


class ConcertoBot:
    def __init__(self, seat: int, level: str = "normal"):
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.seat = seat
        self.level = level
        self.params = LEVELS[level]
        self.content = load_content()
        self.clock = 0  # turns seen
        self.memory: dict[tuple[int, str], list] = {}  # (seat, instrument) -> [pattern, seen_at]
        self.conductor: str | None = None  # the active conductor card as heard
        self.plan: list[list[str | None]] | None = None  # beats to show in the current performance
        self.beats_planned = 0
        self.beats_right = 0

    # --- saving -----------------------------------------------------------------
    def state_to_json(self) -> dict:
        """What the bot remembers, so a resumed game goes on exactly."""
        return {
            "seat": self.seat, "clock": self.clock, "conductor": self.conductor,
            "memory": [[s, x, p, t] for (s, x), (p, t) in self.memory.items()],
            "plan": self.plan, "beats_planned": self.beats_planned, "beats_right": self.beats_right,
        }

    def state_from_json(self, d: dict) -> None:
        self.seat = int(d["seat"])
        self.clock = int(d["clock"])
        self.conductor = d.get("conductor")
        self.memory = {(int(s), str(x)): [str(p), int(t)] for s, x, p, t in d["memory"]}
        self.plan = [list(b) for b in d["plan"]] if d.get("plan") is not None else None
        self.beats_planned = int(d.get("beats_planned", 0))
        self.beats_right = int(d.get("beats_right", 0))

    # --- memory ------------------------------------------------------------------
    def observe(self, event: Event) -> None:
        if not event.visible_to(self.seat):
            return
        t, d, m = event.type, event.data, self.memory
        if t == "turn":
            self.clock += 1
        elif t in ("pattern_drawn", "pattern_recalled"):
            m[(d["player"], d["instrument"])] = [d["pattern"], self.clock]
        elif t == "instruments_exchanged":
            a = m.pop((d["player"], d["instrument"]), None)
            b = m.pop((d["target"], d["other"]), None)
            if a is not None:
                m[(d["target"], d["instrument"])] = a
            if b is not None:
                m[(d["player"], d["other"])] = b
        elif t in ("patterns_swapped", "own_patterns_swapped"):
            who = d["target"] if t == "patterns_swapped" else d["player"]
            a, b = m.get((who, d["instrument"])), m.get((who, d["other"]))
            if a is not None and b is not None:
                a[0], b[0] = b[0], a[0]  # the bot knows which two, so it swaps what it remembers
            else:
                m.pop((who, d["instrument"]), None)
                m.pop((who, d["other"]), None)
        elif t == "market_exchanged":
            old = m.pop((d["player"], d["instrument"]), None)
            if old is not None:
                m[(d["player"], d["other"])] = old
        elif t == "instrument_lost":
            m.pop((d["player"], d["instrument"]), None)
        elif t == "conductor_revealed":
            self.conductor = d["card"]
        elif t in ("conductor_result", "conductors_exhausted"):
            self.conductor = None
        elif t in ("performance_failed", "performance_succeeded"):
            self.plan = None

    def recall_p(self, instrument: str, held: int) -> float:
        rec = self.memory.get((self.seat, instrument))
        if rec is None:
            return 0.0
        age = max(0, self.clock - rec[1])
        fl = self.params["floor"]
        fresh = fl + (1.0 - fl) * math.exp(-age / self.params["tau"])
        return fresh / (1.0 + self.params["load"] * max(0, held - 1))

    @property
    def aware(self) -> bool:
        return bool(self.params.get("aware"))

    def knows(self, instrument: str, held: int) -> bool:
        """Whether an aware bot remembers its own pattern of ``instrument`` now."""
        rec = self.memory.get((self.seat, instrument))
        if rec is None:
            return False
        key = f"{self.seat}:{instrument}:{rec[1]}".encode()
        u = int.from_bytes(hashlib.sha256(key).digest()[:4], "big") / 2 ** 32
        return u < self.recall_p(instrument, held)

    def _held(self, view: dict) -> int:
        return len(view["players"][self.seat]["orchestra"])

    def _hit_p(self, instrument: str, held: int) -> float:
        guess = 1 / len(self.content.patterns)
        if self.aware:
            return 1.0 - self.params["slip"] * (1 - guess) if self.knows(instrument, held) else guess
        p = self.recall_p(instrument, held)
        return p + (1 - p) * guess

    def _recall(self, instrument: str, held: int, rng: Rng) -> str:
        rec = self.memory.get((self.seat, instrument))
        patterns = sorted(self.content.patterns)
        if self.aware:
            if rec is not None and self.knows(instrument, held) and rng.random() >= self.params["slip"]:
                return str(rec[0])
            return rng.choice(patterns)
        if rec is not None and rng.random() < self.recall_p(instrument, held):
            return rec[0]
        return rng.choice(patterns)

    def _unknown(self, view: dict, instruments) -> list[str]:
        """The instruments among ``instruments`` whose pattern an aware bot has forgotten."""
        held = self._held(view)
        return [x for x in instruments if not self.knows(x, held)]

    # --- reading the table -----------------------------------------------------------
    def _mine(self, view: dict) -> list[str]:
        return [slot["instrument"] for slot in view["players"][self.seat]["orchestra"]]

    def _needs(self, view: dict) -> dict[str, float]:
        """How much each instrument would help towards the open pieces."""
        mine = set(self._mine(view))
        need: dict[str, float] = {}
        for pid in view["open_pieces"].values():
            if pid is None:
                continue
            piece = self.content.pieces[pid]
            missing = [x for x in piece.instruments if x not in mine]
            for x in missing:
                need[x] = need.get(x, 0.0) + piece.points / (len(missing) ** 2)
        return need

    def _card(self):
        return referee.conductor_card(self.content, self.conductor)

    def _performance_plan(self, view: dict, level: str, follow: bool, swap, rng: Rng) -> list[list[str | None]]:
        piece = self.content.pieces[view["open_pieces"][level]]
        orch = [[x, None] for x in self._mine(view)]
        card = self._card()
        held = len(orch)
        recalled = {x: self._recall(x, held, rng) for x in self._mine(view)}
        if swap:
            a, b = swap
            recalled[a], recalled[b] = recalled[b], recalled[a]
        seq = referee.expected_sequence(piece, orch, card, follow)
        plan = [[x, referee.expected_pattern(recalled[x], card, follow)] for x in seq]
        if referee.has_encore(card, follow, piece, orch):
            plan += [[x, recalled[x]] for x in referee.encore_instruments(piece, orch)]
        return plan

    def _success_p(self, view: dict, level: str | None) -> float:
        piece = self.content.pieces[view["open_pieces"][level]]
        held = self._held(view)
        p = 1.0
        for x in piece.instruments:
            p *= self._hit_p(x, held)
        return p

    def _conduct_value(self, view: dict, a: Action) -> tuple[float, float]:
        piece = self.content.pieces[view["open_pieces"][a.level]]
        p = self._success_p(view, a.level)
        card = self._card()
        bonus = 0
        if card is not None:
            if card.is_prerequisite:
                orch = [[x, None] for x in self._mine(view)]
                players = [{"birth_year": q["birth_year"]} for q in view["players"]]
                bonus = 2 if referee.prerequisite_met(card, piece, orch, players, self.seat) else -2
            else:
                bonus = 2 if a.follow else -2
        # a failure costs the instrument that was wrong; a forgotten one is little loss
        held = self._held(view)
        if self.aware:
            keep = 0.0 if self._unknown(view, piece.instruments) else 1.0
        else:
            keep = sum(self.recall_p(x, held) for x in piece.instruments) / len(piece.instruments)
        return p * (piece.points + bonus) - (1 - p) * LOSS_COST * keep, p

    # --- choosing --------------------------------------------------------------------
    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action:
        if view["current"] == CHANCE or legal == [REVEAL]:
            return REVEAL
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        phase = view["phase"]
        if phase == "setup":
            return self._choose_start(view, by_kind["start"])
        if phase in ("conduct", "encore"):
            return self._choose_beat(view, legal, rng)
        if phase == "give_up":
            return self._choose_give_up(view, by_kind["give_up"])
        if phase == "refill":
            return self._choose_refill(view, legal)
        return self._choose_action(view, by_kind, rng)

    def _choose_start(self, view, starts):
        need = self._needs(view)
        return max(starts, key=lambda a: (sum(need.get(x, 0.0) for x in a.cards), a.cards))

    def _choose_beat(self, view, legal, rng):
        done = len(view["performance"]["beats"])
        if self.plan is None or done >= len(self.plan):
            # no plan (restored game): recall now
            level = view["performance"]["level"]
            self.plan = self._performance_plan(view, level, view["performance"]["follow"], None, rng)
        x, pat = self.plan[min(done, len(self.plan) - 1)]
        a = Action("beat", instrument=x, pattern=pat)
        if a in legal:
            return a
        same = [b for b in legal if b.instrument == x]
        return same[0] if same else legal[0]

    def _choose_give_up(self, view, options):
        need = self._needs(view)
        held = self._held(view)
        if self.aware:  # a forgotten pattern first: it only burdens the memory
            return min(options, key=lambda a: (self.knows(a.instrument, held), need.get(a.instrument, 0.0),
                                               a.instrument))
        return min(options, key=lambda a: (need.get(a.instrument, 0.0) + 3 * self.recall_p(a.instrument, held),
                                           a.instrument))

    def _choose_refill(self, view, legal):
        need = self._needs(view)
        mine = set(self._mine(view)) | set(view["players"][self.seat]["hand"] or [])
        takes = [a for a in legal if a.kind == "take_market" and a.instrument not in mine]
        if takes:
            best = max(takes, key=lambda a: (need.get(a.instrument, 0.0), a.instrument))
            if need.get(best.instrument, 0.0) > 0:
                return best
        draws = [a for a in legal if a.kind == "draw"]
        if draws:
            return draws[0]
        return takes[0] if takes else legal[0]

    def _choose_action(self, view, by_kind, rng):
        me = view["players"][self.seat]
        need = self._needs(view)
        held = self._held(view)
        # 1. conduct when the bot trusts its memory enough
        best = self._best_conduct(view, by_kind)
        if best is not None and best[2] >= self.params["nerve"]:
            return self._start_conducting(view, best[1], rng)
        specials: dict[str, list[Action]] = {}
        for a in by_kind.get("special", []):
            specials.setdefault(a.card, []).append(a)
        # 2. rehearse a fading pattern of a piece within reach
        if "rehearsal" in specials and rng.random() < self.params["rehearse"]:
            worst = self._rehearsal(view, specials["rehearsal"], held)
            if worst is not None:
                return worst
        # 3. sabotage an opponent who could conduct now
        if "sabotage" in specials and rng.random() < self.params["sabotage"]:
            threat = self._sabotage_target(view, specials["sabotage"])
            if threat is not None:
                return threat
        # 4. place a needed instrument
        places = by_kind.get("place", [])
        if places:
            top = max(places, key=lambda a: (need.get(a.instrument, 0.0), a.instrument))
            if need.get(top.instrument, 0.0) > 0:
                return top
        # 5. get a needed instrument by a special card
        wanted = self._special_for_need(view, specials, need)
        if wanted is not None:
            return wanted
        # 6. a risky performance still beats waiting (memories only fade); an aware bot
        # knows a forgotten pattern is a guess and keeps that for the end (step 9)
        if best is not None and best[0] > 0 and not self.aware:
            return self._start_conducting(view, best[1], rng)
        # 7. any new instrument (an aware bot keeps a lean orchestra: each pattern held
        # makes the others harder to remember)
        if places and (not self.aware or held < self.params["lean"]):
            return places[rng.randrange(len(places))]
        # 8. pieces out of reach: exchange them
        mine = set(self._mine(view))
        useless = [x for x in me["hand"] if x in mine]
        exchange = self._exchange_far(view, by_kind, specials, mine, useless, rng)
        if exchange is not None:
            return exchange
        # 9. nothing useful is left: conduct anyway (a failure at least makes room)
        if best is not None:
            return self._start_conducting(view, best[1], rng)
        # 10. swap hand cards that are of no use
        return self._last_resort(by_kind, useless, rng)

    def _best_conduct(self, view, by_kind):
        """(value, action, success chance) of the best performance to start, or None."""
        best = None
        for a in by_kind.get("conduct", []):
            card = self._card()
            if not a.follow and card is not None and card.kind in PERFORMANCE_KINDS:
                continue  # it always follows a performance card it remembers
            value, p = self._conduct_value(view, a)
            if best is None or value > best[0]:
                best = (value, a, p)
        return best

    def _rehearsal(self, view, options, held):
        reach = set()
        for pid in view["open_pieces"].values():
            if pid and set(self.content.pieces[pid].instruments) <= set(self._mine(view)):
                reach |= set(self.content.pieces[pid].instruments)
        opts = [a for a in options if a.instrument in reach]
        if opts and self.aware:  # the forgotten pattern of a piece it could conduct
            lost = [a for a in opts if not self.knows(a.instrument, held)]
            return min(lost, key=lambda a: a.instrument) if lost else None
        if opts:
            worst = min(opts, key=lambda a: (self.recall_p(a.instrument, held), a.instrument))
            if self.recall_p(worst.instrument, held) < 0.8:
                return worst
        return None

    def _special_for_need(self, view, specials, need):
        for card in ("headhunter", "job-sharing", "audition"):
            for a in specials.get(card, []):
                got = a.other if card != "audition" else a.instrument
                give = a.instrument if card != "audition" else None
                if need.get(got, 0.0) > 0 and (give is None or need.get(give, 0.0) == 0):
                    # Headhunter brings the opponent's pattern along: worth it only when the bot
                    # remembers it from its announcement (no view shows a pattern; what it
                    # remembers moves with the instrument, see observe)
                    if card == "headhunter" and (a.target, a.other) not in self.memory:
                        continue
                    return a
        return None

    def _exchange_far(self, view, by_kind, specials, mine, useless, rng):
        far = [(len(set(self.content.pieces[view["open_pieces"][a.level]].instruments) - mine), a.level, a)
               for a in by_kind.get("replace", [])]
        far = [f for f in far if f[0] >= 2]
        if "repertoire" in specials and len(far) >= 2:
            return specials["repertoire"][0]
        if far and (not useless or rng.random() < 0.3):
            return max(far, key=lambda f: (f[0], f[1]))[2]
        return None

    def _last_resort(self, by_kind, useless, rng):
        for a in by_kind.get("swap", []):
            if useless and sorted(a.cards) == sorted(useless):
                return a
        for a in by_kind.get("special", []):
            if a.card != "rehearsal":
                return a
        if by_kind.get("swap"):
            return by_kind["swap"][0]
        flat = [a for v in by_kind.values() for a in v]
        return flat[rng.randrange(len(flat))]

    def _start_conducting(self, view, a, rng):
        swap = (a.instrument, a.other) if a.instrument else None
        if swap:
            # Rimon Sattle: swap the two the bot remembers best (their patterns then
            # trade places in its memory too, see own_patterns_swapped)
            swap = tuple(sorted(swap))
        self.plan = self._performance_plan(view, a.level, a.follow, swap, rng)
        return a

    def _sabotage_target(self, view, options):
        best = None
        for a in options:
            if a.target is None:
                continue  # played without effect (no opponent has two instruments): no threat to stop
            opp = view["players"][a.target]
            theirs = {slot["instrument"] for slot in opp["orchestra"]}
            for pid in view["open_pieces"].values():
                if pid is None:
                    continue
                ins = set(self.content.pieces[pid].instruments)
                if ins <= theirs and a.instrument in ins and a.other in ins:
                    mine, other = self.memory.get((a.target, a.instrument)), self.memory.get((a.target, a.other))
                    if mine is not None and other is not None and mine[0] == other[0]:
                        continue  # equal patterns, as the bot remembers them: swapping changes nothing
                    score = opp["score"] + self.content.pieces[pid].points
                    if best is None or score > best[0]:
                        best = (score, a)
        return None if best is None else best[1]


class RandomBot:
    """Uniform over legal actions (baseline for the benchmark)."""

    level = "random"

    def __init__(self, seat: int, level: str = "random"):
        self.seat = seat

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action:
        return legal[rng.randrange(len(legal))]

    def state_to_json(self) -> dict:
        return {"seat": self.seat}  # a random bot remembers nothing

    def state_from_json(self, d: dict) -> None:
        seat = d.get("seat", self.seat) if isinstance(d, dict) else self.seat
        if isinstance(seat, int) and not isinstance(seat, bool):
            self.seat = seat


def make_bot(seat: int, level: str):
    return RandomBot(seat) if level == "random" else ConcertoBot(seat, level)


def play_match(config, levels: list[str], seed: int, max_turns: int = 500) -> dict:
    """Play one game of bots; chance steps are applied by the driver. Returns the
    outcome plus how many beats each seat showed and got right."""
    state = rules.new_game(config, seed)
    bots = [make_bot(i, lv) for i, lv in enumerate(levels)]
    rng = Rng(seed ^ 0x5EED)
    beats = [[0, 0] for _ in levels]
    for e in rules.opening_events(state):
        for b in bots:
            b.observe(e)
    while not rules.is_over(state) and state.turn <= max_turns:
        cp = rules.current_player(state)
        if cp == CHANCE:
            action = REVEAL
        else:
            action = bots[cp].choose(rules.view(state, cp), rules.legal_actions(state), rng)
        state, events = rules.apply(state, action)
        for e in events:
            if e.type in ("beat_correct", "beat_wrong"):
                beats[e["player"]][0] += 1
                beats[e["player"]][1] += e.type == "beat_correct"
            for b in bots:
                b.observe(e)
    out = rules.outcome(state)
    return {"winners": out["winners"] if rules.is_over(state) else [], "scores": out["scores"],
            "turns": state.turn, "reason": out["reason"] or "turn_cap", "beats": beats}
