"""A performance: conducting a piece, its beats, the encore, success or failure, and
giving up an instrument afterwards. Legality and effect of each of these moves side by side."""
from __future__ import annotations

from itertools import permutations

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.games.concerto import referee
from voice_game.games.concerto.content import PERFORMANCE_KINDS, Conductor, Piece, load_content
from voice_game.games.concerto.records import Performance, conductor_step, performance, piece_step
from voice_game.games.concerto.state import Action, ConcertoState, beat, conduct, give_up
from voice_game.games.concerto.table import (
    active_card, check_instrument, check_level, end_game, lose_instrument, open_piece, orchestra_of, running,
)

# --- conduct: start a performance ------------------------------------------------------


def conduct_actions(s: ConcertoState, p: int) -> list[Action]:
    content = load_content()
    card = active_card(s)
    mine = set(orchestra_of(s, p))
    out = []
    for lv, pid in s.open_pieces.items():
        if pid is None:
            continue
        piece = content.pieces[pid]
        if not set(piece.instruments) <= mine:
            continue
        if card is not None and card.kind == "swap_own_patterns":
            out += [conduct(lv, True, a, b) for a, b in permutations(piece.instruments, 2)]  # either order
        else:
            out.append(conduct(lv))
        if card is not None and card.kind in PERFORMANCE_KINDS:
            out.append(conduct(lv, follow=False))
    return out


def _check_follow(card: Conductor | None, follow: bool) -> None:
    if follow:
        return
    if card is None:
        raise RuleError("no_conductor")
    if card.kind not in PERFORMANCE_KINDS:
        raise RuleError("nothing_to_ignore")


def _swap_pair(a: Action, piece: Piece, card: Conductor | None, follow: bool) -> list[str] | None:
    """Rimon Sattle's two instruments, checked; None when the card asks for none."""
    if not referee.needs_swap(card, follow):
        if a.instrument is not None or a.other is not None:
            raise RuleError("swap_not_asked")
        return None
    if a.instrument is None or a.other is None:
        raise RuleError("swap_pair_needed")
    x, y = check_instrument(a.instrument), check_instrument(a.other)
    for z in (x, y):
        if z not in piece.instruments:
            raise RuleError("swap_not_in_piece", instrument=z)
    if x == y:
        raise RuleError("same_instrument", instrument=x)
    return [x, y]


def start_performance(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    lv = check_level(a.level)
    pid = open_piece(s, lv)
    piece = load_content().pieces[pid]
    mine = orchestra_of(s, p)
    missing = [x for x in piece.instruments if x not in mine]
    if missing:
        raise RuleError("missing_instruments", piece=pid, missing=missing)
    card = active_card(s)
    follow = bool(a.follow)
    _check_follow(card, follow)
    swap_pair = _swap_pair(a, piece, card, follow)
    prereq = None
    if card is not None and card.is_prerequisite:
        prereq = referee.prerequisite_met(card, piece, s.orchestras[p], s.players, p)
    out.append(ev("performance_started", player=p, level=lv, piece=pid, follow=follow))
    if swap_pair:
        o = s.orchestras[p]
        i, j = mine.index(swap_pair[0]), mine.index(swap_pair[1])
        o[i][1], o[j][1] = o[j][1], o[i][1]
        out.append(ev("own_patterns_swapped", player=p, instrument=swap_pair[0], other=swap_pair[1]))
    seq = referee.expected_sequence(piece, s.orchestras[p], card, follow)
    s.perf = performance(lv, pid, seq, follow, prereq, s.conductor_active)
    s.phase = "conduct"


# --- beat: one beat of the performance or of its encore ----------------------------------


def beat_actions(s: ConcertoState, p: int) -> list[Action]:
    patterns = load_content().patterns
    if s.phase == "encore":
        return [beat(x, pat) for x in running(s)["encore"] or [] for pat in patterns]
    return [beat(x, pat) for x in orchestra_of(s, p) for pat in patterns]


def show_beat(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    content = load_content()
    x = check_instrument(a.instrument)
    if a.pattern not in content.patterns:
        raise RuleError("unknown_pattern", pattern=str(a.pattern))
    pat = str(a.pattern)
    if x not in orchestra_of(s, p):
        raise RuleError("not_in_orchestra", instrument=x)
    if s.phase == "encore":
        _encore_beat(s, p, x, pat, out)
    else:
        _piece_beat(s, p, x, pat, out)


def _encore_beat(s: ConcertoState, p: int, x: str, pat: str, out: list[Event]) -> None:
    perf = running(s)
    encore = perf["encore"] or []
    if x not in encore:
        raise RuleError("not_in_encore", instrument=x)
    true = referee.pattern_of(s.orchestras[p], x)
    perf["beats"].append([x, pat])
    if pat == true:
        encore.remove(x)
        out.append(ev("beat_correct", player=p, instrument=x, pattern=pat, encore=True,
                      step=len(perf["beats"]), left=len(encore)))
        if not encore:
            _succeed(s, p, out)
        return
    out.append(ev("beat_wrong", player=p, instrument=x, pattern=pat, expected_instrument=x,
                  expected_pattern=true, encore=True, step=len(perf["beats"])))
    perf["encore_failed"] = True
    lose_instrument(s, p, x, "encore", out)
    _succeed(s, p, out)


def _piece_beat(s: ConcertoState, p: int, x: str, pat: str, out: list[Event]) -> None:
    perf = running(s)
    card = referee.conductor_card(load_content(), perf["card"])
    step = perf["step"]
    want = perf["sequence"][step]
    want_pat = referee.expected_pattern(referee.pattern_of(s.orchestras[p], want), card, perf["follow"])
    perf["beats"].append([x, pat])
    if x != want or pat != want_pat:
        out.append(ev("beat_wrong", player=p, instrument=x, pattern=pat, expected_instrument=want,
                      expected_pattern=want_pat, encore=False, step=step + 1))
        _fail(s, p, perf, want, out)
        return
    perf["step"] = step + 1
    left = len(perf["sequence"]) - perf["step"]
    out.append(ev("beat_correct", player=p, instrument=x, pattern=pat, encore=False, step=step + 1, left=left))
    if left == 0:
        _piece_done(s, p, perf, card, out)


def _piece_done(s: ConcertoState, p: int, perf: Performance, card: Conductor | None, out: list[Event]) -> None:
    """The last beat of the piece was right: the encore (Mikkado Ruti) or success."""
    piece = load_content().pieces[perf["piece"]]
    if referee.has_encore(card, perf["follow"], piece, s.orchestras[p]):
        encore = referee.encore_instruments(piece, s.orchestras[p])
        perf["encore"] = encore
        s.phase = "encore"
        out.append(ev("encore_started", player=p, count=len(encore)))
    else:
        _succeed(s, p, out)


def _fail(s: ConcertoState, p: int, perf: Performance, want: str, out: list[Event]) -> None:
    lv, pid = perf["level"], perf["piece"]
    lose_instrument(s, p, want, "wrong_beat", out)
    s.open_pieces[lv] = None
    s.removed_pieces.append(pid)
    out.append(ev("performance_failed", player=p, level=lv, piece=pid))
    s.queue.append(piece_step(lv))
    s.perf = None
    s.phase = "refill"


def _conductor_bonus(s: ConcertoState, p: int, perf: Performance, out: list[Event]) -> int:
    content = load_content()
    card_id = perf["card"]
    if card_id is None:
        return 0
    card = content.conductors[card_id]
    if card.is_prerequisite:
        fulfilled = bool(perf["prereq"])
    else:
        fulfilled = perf["follow"] and not perf["encore_failed"]
    bonus = content.conductor_bonus if fulfilled else -content.conductor_bonus
    out.append(ev("conductor_result", player=p, card=card_id, fulfilled=fulfilled, bonus=bonus))
    return bonus


def _succeed(s: ConcertoState, p: int, out: list[Event]) -> None:
    perf = running(s)
    piece = load_content().pieces[perf["piece"]]
    bonus = _conductor_bonus(s, p, perf, out)
    gained = max(0, piece.points + bonus)
    s.scores[p] += gained
    s.collections[p].append(piece.id)
    s.open_pieces[piece.level] = None
    out.append(ev("performance_succeeded", player=p, level=piece.level, piece=piece.id, points=piece.points,
                  bonus=bonus, gained=gained, score=s.scores[p]))
    if s.scores[p] >= s.target:
        end_game(s, [p], "target", out)
        return
    s.queue.append(piece_step(piece.level))
    card_id = perf["card"]
    if card_id is not None:
        s.conductor_done.append(card_id)
        s.conductor_active = None
        s.queue.append(conductor_step())
    s.phase = "give_up"


# --- give_up: after a success, one instrument of the piece leaves the orchestra -------------


def give_up_actions(s: ConcertoState, p: int) -> list[Action]:
    piece = load_content().pieces[running(s)["piece"]]
    mine = orchestra_of(s, p)
    return [give_up(x) for x in piece.instruments if x in mine]


def give_up_instrument(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = check_instrument(a.instrument)
    piece = load_content().pieces[running(s)["piece"]]
    if x not in piece.instruments:
        raise RuleError("not_in_piece", instrument=x, piece=piece.id)
    if x not in orchestra_of(s, p):
        raise RuleError("not_in_orchestra", instrument=x)
    lose_instrument(s, p, x, "given_up", out)
    s.perf = None
    s.phase = "refill"
