"""Understanding a line: the words become a legal action, a meta command, a game's own
question, or a question back ("which one?", "did you mean ...? yes or no"); then it is done."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from voice_game.commands.grammar import FrozenCommand, Grammar, freeze
from voice_game.commands.parser import CONFIDENT, Understanding, engine_refusal, listened_intents, understand
from voice_game.core.errors import Ambiguous, NotAllowed, Unrecognized
from voice_game.core.input import InputLine
from voice_game.narration.message import HIGH, Message
from voice_game.session.meta import META, help_messages
from voice_game.session.moves import Moves
from voice_game.session.names import SeatNames

#: recognizer confidence a lone number word heard by voice needs to act at once, by the
#: grammar's language; under it the action is read back for yes or no. Chosen on held-out
#: speakers with the recognizer's thresholds (``benchmarks/speech_heldout.py``; a read-back
#: costs a quarter of a refusal, a move nobody said thirty): every German fold chose 0.84
#: or lower, which reads back 8 % of the German commands said clean instead of 15 % with
#: the same right and wrong. English: since half of Whisper's no-speech probability comes
#: off a word's confidence, not all of it (``whisper_settings.NO_SPEECH_WEIGHT``, chosen
#: with it), 13 of 15 English folds chose 0.95: with the recognizer's own thresholds that
#: reads back 18 % of the English commands said clean instead of 28 % and acts on no more
#: non-commands (a test speaker's "tree" comes as "three" at 0.94). Another language: 0.92
NUMBER_CONFIDENT: dict[str, float] = {"de": 0.84, "en": 0.95}
NUMBER_CONFIDENT_ELSE = 0.92


def lone_number_bar(lang: str) -> float:
    """The confidence a lone number word heard by voice needs in ``lang`` to act at once."""
    return NUMBER_CONFIDENT.get(lang, NUMBER_CONFIDENT_ELSE)


def doubtful_number(g: Grammar, command: dict, words: list[str], distance: float,
                    confidence: float, number_bar: float | None = None) -> bool:
    """A game action naming a single number, heard by voice, is read back before it is
    done unless its words were an exact phrase (``distance`` 0) and the recognizer sure:
    ``number_bar`` (None: the language's :data:`NUMBER_CONFIDENT`; the benchmark tries
    others) for a lone number word ("three", "tree"), ``CONFIDENT`` else."""
    slots = [v for k, v in command.items() if k != "intent"]
    if len(slots) != 1 or not isinstance(slots[0], int):
        return False
    bare = len(words) == 1 and words[0] in g.word_to_number
    bar = lone_number_bar(g.lang) if number_bar is None else number_bar
    return distance > 0 or confidence < (bar if bare else CONFIDENT)


def sentence_start(words: str) -> str:
    """Command words read back as a sentence of their own ("Dirigent zwei nehmen? Ja oder
    nein?"): its first letter capital, as every sentence the game says."""
    return words[:1].upper() + words[1:]


class Understander(SeatNames, Moves):
    meta_intents: frozenset[str]

    def legal_commands(self) -> list[dict]:
        """The commands of the legal actions now (those the grammar can say)."""
        cmds = (self.kit.adapter.command_for(a) for a in self.kit.rules.legal_actions(self.state))
        return [c for c in cmds if c is not None]


    def phrases_now(self, meta: Iterable[str] | None = None, moves: bool = True) -> list[str]:
        """Every phrase that means something right now: legal actions (unless not
        ``moves``) and the meta commands (``meta``: only those of them; a tutorial's lesson
        listens for a few), yes and no only while a yes/no question is open, "ready" only
        while a hand-over waits for it."""
        allowed = {freeze(c) for c in self.legal_commands()} if moves else set()
        metas = self.meta_intents if meta is None else self.meta_intents & frozenset(meta)
        metas = listened_intents(metas, self.dialogue.asking_yes_no, self.dialogue.handing_over)
        _, by_command = self.g.index(self.kit.name)
        return self.phrases_of(cmd for cmd in by_command if cmd in allowed or dict(cmd)["intent"] in metas)

    def phrases_of(self, commands: Iterable[FrozenCommand]) -> list[str]:
        """The phrases of ``commands`` (the grammar's, for this game), in both forms: as
        people say it (filler words kept) and without the filler words; the recognizer
        picks whichever fits the sound better, the matcher reads both. A seat's number
        also as the seat's name."""
        _, by_command = self.g.index(self.kit.name)
        now = [(cmd, by_command[cmd]) for cmd in dict.fromkeys(commands) if cmd in by_command]
        forms = {form for _, ps in now for p in ps for form in (p.spoken, p.text)}
        return sorted(forms | self._named_phrases(now))

    def handle(self, line: InputLine, player: int) -> None:
        """Understand ``player``'s line and do it; what answers it (not the narrated moves)
        is kept in ``player``'s own buffer of replies."""
        with self.answering(player):
            self._handle(line, player)

    def _handle(self, line: InputLine, player: int) -> None:
        rules = self.kit.rules
        words = self.g.normalize_words(line.text)
        chosen = self.dialogue.pick(words, self.g.word_to_number)
        if chosen is not None:
            cmd, action = chosen
            self.execute(cmd, action, player)
            return
        asked = self.question_for(line.text)
        if asked is not None:  # "Dirigent 2?": what lies there, never the move
            self.dialogue.before("meta", asked["intent"])
            self.failures = 0
            self.execute(asked, None, player)
            return
        named = self.named_alone(words)
        if named is not None:  # "Streicher?": where that card lies, never a move nor a guess
            self.dialogue.before("meta", "lookup")
            self.failures = 0
            self.lookup(named)
            return
        legal = rules.legal_actions(self.state)
        text, self._named = self._seat_names_read(line.text)
        try:
            u = understand(self.g, self.kit.adapter, text, legal, line.confidence,
                           meta=self.meta_intents, why_not=engine_refusal(rules, self.state))
        except Ambiguous as amb:
            self.dialogue.before("choices", None)
            self.failures = 0
            self.dialogue.choices = amb.candidates
            opts = [self.c.get("input.choice_item", number=i + 1, command=self.as_said(c))
                    for i, (c, _) in enumerate(amb.candidates)]
            self.say_key("input.choices", options=self.narrator.join(opts))
            return
        except NotAllowed as refused:
            self.dialogue.before("not_allowed", None)
            self.failures = 0
            if refused.error is not None:  # the engine refuses and gives the reason
                self.say(self.narrator.reason(refused.error, self.listener_view()))
            elif refused.action is not None:
                self.commit(refused.action)  # not listed as legal, yet the engine takes it
            else:
                self.say_key("input.not_understood", kind="error")
            return
        except Unrecognized:
            self.dialogue.before("unrecognized", None)
            self.failures += 1
            key = "input.not_understood_again" if self.failures >= 3 else "input.not_understood"
            self.say(Message(self.c.get(key), "error", HIGH, "event.error"))
            return
        if not u.confirm and line.source == "key" and line.confidence < 1.0 and u.action is not None:
            u = replace(u, confirm=True)  # a single key chose more than it names: read back before it happens
        if line.source == "voice":
            careful = self._heard_with_care(u, words, line.confidence)
            if careful is None:
                return
            u = careful
        self.dialogue.before(u.kind, u.command["intent"])
        self.failures = 0
        if u.confirm:
            self.dialogue.pending = (u.command, u.action)
            said = self.as_said(u.command)
            self._read_back = (self.dialogue.pending, said)
            self.say_key("input.confirm", command=sentence_start(said))
        else:
            self.execute(u.command, u.action, player)

    def named_alone(self, words: list[str]) -> str | None:
        """The name of a card said alone ("Streicher", "Streicher?") that is no phrase of
        the game: a slot value with a name in the locale (the game's ``value_names``), so
        it is answered as a question about that card, never fuzzily matched to a command."""
        if not words or self.kit.review is None:
            return None
        by_words, _ = self.g.index(self.kit.name)
        if tuple(words) in by_words:
            return None
        for slot, key in self.kit.value_names.items():
            for value, phrases in self.g.slots.get(slot, {}).items():
                if any(self.g.normalize_words(p) == words for p in phrases) and self.c.has(key.format(value)):
                    return str(self.c.get(key.format(value)))
        return None

    def question_for(self, text: str) -> dict | None:
        """A move typed as a question ("Dirigent 2?") means the question its intent names in
        the grammar (``asked = "row"``: what lies at conductor 2); None for anything else."""
        if not text.rstrip().endswith("?"):
            return None
        by_words, _ = self.g.index(self.kit.name)
        for cmd in sorted(by_words.get(tuple(self.g.normalize_words(text)), ()), key=str):
            c = dict(cmd)
            asked = self.g.intents.get(c["intent"], {}).get("asked")
            if isinstance(asked, str) and asked in self.g.intents:
                c["intent"] = asked
                return c
        return None


    def _heard_with_care(self, u: Understanding, words: list[str],
                         confidence: float) -> Understanding | None:
        """Speech may mishear a short word ("tree" as "three", "eight" as "yes"): a game
        action with a single number heard by voice is done only when the words were an
        exact phrase and the recognizer sure (a lone number word: very sure), else it is
        read back first; a yes or no heard without confidence asks the question again
        (None: the line was answered here)."""
        if u.confirm:
            return u
        intent = u.command["intent"]
        if intent in ("yes", "no"):
            if confidence >= CONFIDENT or not self.dialogue.asking_yes_no:
                return u
            pending = self.dialogue.pending
            if pending is not None:
                back = self._read_back
                said = back[1] if back is not None and back[0] is pending else self.as_said(pending[0])
                self.say_key("input.confirm", command=sentence_start(said))
            else:
                self.say_key("input.confirm_quit")
            return None
        if u.action is not None and doubtful_number(self.g, u.command, words, u.distance, confidence):
            return replace(u, confirm=True)
        return u

    def execute(self, command: dict, action, player: int) -> None:
        intent = command["intent"]
        if intent in ("yes", "no"):
            asked = self.dialogue.pending
            outcome, act = self.dialogue.answer(intent == "yes")
            if outcome == "quit":
                self.quit = True
            elif outcome == "commit" and act is None and asked is not None:
                self.execute(asked[0], None, player)  # a meta command read back ("table?")
            elif outcome == "commit":
                self.commit(act)
            elif outcome == "cancelled":
                self.say_key("input.cancelled")
            else:
                self.say_key("input.nothing_to_confirm")
            return
        self.dialogue.close()
        if intent == "verbosity" and action is None:  # "bot moves: sound only"
            self.set_verbosity(command.get("vkind"), command.get("vlevel"))
            return
        if intent == "status" and action is None:  # "markt": a row of the table, short
            self.status(row_id=command.get("status_row"))
            return
        if intent == "status_number" and action is None:  # a status key: the n-th row
            self.status(number=command.get("choice"))
            return
        answer = self.kit.questions.get(intent)
        if answer is not None and action is None:  # the game's own questions: "Reihe 2", "Ablagestapel"
            said = answer(self.narrator, self.listener_view(), command, self.g)
            if said is not None:
                self.say(said)
            return
        if action is not None:
            self.commit(action)
            return
        self.meta(intent)

    def meta(self, intent: str) -> None:
        """A meta command (voice_game.session.meta.META); an unknown intent does nothing."""
        handler = META.get(intent)
        if handler is not None:
            handler(self)

    def help_messages(self) -> list[Message]:
        return help_messages(self)

