"""The settings of the Whisper command recognizer (:mod:`whisper_engine`): windows,
threads, beams and the gaps a phrase is accepted at, each with what measured it."""
from __future__ import annotations

ENGINE = "whisper"
RATE = 16000
#: the mel windows an utterance is decoded in, shortest first (Whisper's own is 30 s): the
#: last decodes everything, the others only Whisper's own transcript (the window cascade)
WINDOWS = (8.0,)
WINDOW_S = WINDOWS[-1]  # the longest: an utterance fits in it
#: the window cascade measured (benchmarks/results/speech_window_cascade.md): on the whole
#: human corpus no clip's result changed in either language and 72 % of the German and 63 %
#: of the English single-word commands were decoded in 4 s alone, but it is not the
#: default: in 4 s Whisper repeats the word ("Yes. Yes.", "eins, eins,"), so the free decode
#: costs as much as in 8 s (English 120 against 115 ms of CPU, German 181 against 189) and
#: only the encoder is saved (60 and 105 ms), while a word the short try does not settle
#: pays both decodes (200 and 335 ms more): English human words streamed 463 -> 785 ms
#: median, German 936 -> 750 median but 1227 -> 1436 p95 (load 3 to 5)
CASCADE = (4.0, 8.0)
#: only an utterance this long at most (a single word with the VAD's margins: every clip of
#: the human corpus) tries the shorter windows: in 4 s Whisper wrote none of 48 synthetic
#: phrases (the benchmark's quick set, clean, mostly of several words) at
#: :data:`SHORT_CONFIDENCE`, so for longer utterances the short try would only add its cost
SHORT_UTTERANCE_S = 1.5
#: a shorter window's free decode is taken when it writes an allowed phrase at least this
#: sure (the confidence :meth:`WhisperRecognizer._free_phrase` gives); below, the next window.
#: Above the game's strictest bar for acting at once (a lone number word: 0.92), so a result
#: of the short window is never one the game reads back; at 0.75 to 0.96 two English words
#: that are none ("tree" as "three", "on" as "five"), read back at 0.90 from 8 s, came at
#: 0.93 and 0.96 from 4 s and would be acted on at once
SHORT_CONFIDENCE = 0.97
MAX_UTTERANCE_S = 7.5
#: an utterance of at most :data:`SHORT_WINDOW_MAX_S` (pre-roll and trailing silence
#: included) is decoded in this mel window alone instead of :data:`WINDOW_S` (no cascade:
#: one encoding, everything decoded in it; the encoder and each decoder step's
#: cross-attention cost about half). None: always :data:`WINDOW_S`
SHORT_WINDOW_S: float | None = None
SHORT_WINDOW_MAX_S = 2.5
#: CTranslate2 threads (``intra_threads``; 0: its default, as many as cores). One, measured
#: on this 2-core machine through the streaming path fed in real time, quiet machine, the
#: same clips and results (`speech_bench.py --parts latency --quick --threads 0` / `1`, back
#: to back in both orders): German human words 932 / 747 -> 510 / 516 ms median, English
#: 337 / 487 -> 312 / 377;
#: the beam searches of ``voice-game recognize`` 15 to 30 % faster. With two, the decoder's
#: small steps pay the threads' hand-over and share the 2 cores with the VAD and the audio
#: feed (benchmarks/results/speech_threads.md)
THREADS = 1
BEAM = 4  # beams of the constrained decode
PRUNE = 8.0  # nats behind the leading beam of the token-by-token search: dropped
SHORT_TOKENS = 2  # a transcript of at most this many tokens: the token-by-token search (tiny models)
SHORT_PHRASES = 5000  # ... in a state of at most this many phrases (its trie is made when first needed)
TINY_BYTES = 100_000_000  # a model file smaller than this is a tiny model (tiny.en: 76 MB, base: 145 MB)
CANDIDATES = 3  # distinct phrases of the constrained decode scored in the forced call
CLOSEST = 5  # phrases that read most like a decode that wrote none, scored in the forced call
PLAIN_CLOSEST = 2  # ... the closest of them also in lower case
SKIP = 0.5  # respelling: the cost of a word written for no phrase word, or of a phrase word not written
JOIN = 0.35  # respelling: the cost of reading two words as one ("Horntauschen") beyond their unlikeness

# acceptance: gap in nats between the best phrase and Whisper's own preference
#: for a one-word phrase; at or below: the phrase is what was said. Chosen on held-out
#: speakers with the near win (``benchmarks/speech_heldout.py``: 2.0 in 20 of 21 speaker
#: folds of the German and English corpus; 1.5 is cheaper there but refuses real lone words
#: that are no number and so no near win: a Speech Commands "stop" at 1.56)
ACCEPT_GAP = 2.0
#: the same for a phrase of several words (the human corpus has lone words only: kept)
PHRASE_GAP = 2.5
WORD_GAP = 3.0  # more for each further word said (fillers included): natural synthetic voices
# put their true phrase 1 to 4.5 nats a further word below Whisper's own words ("Die Regent"
# for "Dirigent"), everyday sentences score 7.6 or more (benchmarks/FINDINGS.md, "Synthetic voices")
FLOOR = 0.4  # the least confidence of an accepted phrase; under 0.75 irreversible
# actions are read back for yes/no (voice_game.commands.parser.CONFIDENT)
MAX_NO_SPEECH = 0.8  # Whisper's no-speech probability above which nothing was said ...
#: ... unless its own transcript is sure of itself: a mean log-probability a token (the end
#: included) above this, Whisper's own rule (``logprob_threshold``, -1 in Whisper and
#: faster-whisper): a clear "two, two," of a phone microphone came with 0.86
#: (benchmarks/FINDINGS.md, "Human corpus")
NO_SPEECH_LOGPROB = -1.0
#: how much of Whisper's no-speech probability comes off a phrase's confidence (its share
#: of the hypotheses times 1 - weight x no-speech). Whisper gives a lone word in a short
#: window 0.1-0.3 no-speech although it is sure of the word ("two," and "two, two," as its
#: four best): with the whole of it off (1.0), 27 % of the clean held-out English commands
#: were read back ("Did you mean two?"); 0.5 is chosen on held-out speakers
#: (benchmarks/speech_heldout.py, docs/BENCHMARKS.md "Read back less, English")
NO_SPEECH_WEIGHT = 0.5
EARLY_CONFIDENCE = 0.75  # an early decode this sure of a complete phrase ends the utterance
#: an early decode's complete phrase below :data:`EARLY_CONFIDENCE` (a read-back, a doubtful
#: word) ends the utterance after this much silence instead of the whole end of speech
#: (``end_s``, 0.4 s); an utterance whose early decode gives nothing, or a phrase that may go
#: on ("tuba" of "tuba und geige"), still waits for it. Streamed in real time, each clip
#: without, with 0.15 and with 0.25 s in turn (``benchmarks/latency_parts.py --full``,
#: 2026-12-05, load 1.4 to 3.6; docs/BENCHMARKS.md): the wait after the decode, summed over
#: 60 utterances a language, German 2033 -> 1007 ms (1362 with 0.25 s), English 2684 -> 1342
#: (2230), and again German 1270 -> 672, English 2114 -> 1036; the same commands right and the same misses
SETTLE_S = 0.15
#: with :data:`EARLY_REFUSAL_STANDS`: an early decode that gave nothing stands for the
#: utterance unless a 10 ms frame after its audio is within this many dB of the utterance's
#: loudest (and over the room's floor by ``noise_floor.MARGIN_DB``). Speech Commands' "stop"
#: 6a27a9bf, whose release the voice detection called silence, is 28 dB under the word's
#: loudest there (tests/speech/test_whisper_stream.py)
TAIL_DB = 40.0
#: an early decode that gave nothing stands when only quiet followed its audio (else the
#: whole utterance is decoded again, doubling the wait of every refusal: German Concerto
#: refusals 0.6 to 3.3 s from the end of speech). Off: it changes decisions. Streamed, each
#: clip both ways in turn (``latency_parts.py --full --variants now,stands``, 2026-12-05, load
#: 3 to 6): 2 of 120 synthetic clips that the whole utterance understood were refused early
#: and lost ("legen vierten" 0.72, "special cards pile" 0.41: Whisper hears a word differently
#: with 0.3 s more quiet after it), and held out in rooms 6 of 60 German clips came out
#: otherwise, as many right either way (docs/BENCHMARKS.md)
EARLY_REFUSAL_STANDS = False
#: the free decode may not write a run of this many tokens twice: a hypothesis looping on one
#: word ("Sieben, sieben, sieben, ...") ends instead of running to the token budget, which
#: tripled the decode's cost (160 -> 500 ms of CPU) in a third of German single words; only
#: in a state where no phrase or decoy repeats a word or such a run (see ``no_repeat_for``)
NO_REPEAT = 3
NO_REPEAT_PHRASES = 5000  # a table of more phrases (a whole game's: Concerto) is not looked at: 0
#: a lone command word that has sound-alikes (the grammar's ``sound_alikes``: "three":
#: "tree") must score at least this many nats above the best of them on the audio, else it
#: is given :data:`ALIKE_CONFIDENCE`, under which the game reads an action back. Measured
#: on every "three" and "tree" of the human corpus (tiny.en, the 8 s window, the best of
#: " three", " Three", " Three." against the same of "tree"): real "three"s 0.57 at least,
#: 3.37 at p10, 8.14 median (203 clips); "tree"s -2.88, -0.15, 0.29, 1.07, 4.62 (5 clips,
#: two of them heard as "three" at 0.955 and 0.996 and so acted on before)
ALIKE_GAP = 1.5
ALIKE_CONFIDENCE = 0.7
#: a phrase of number words (a move) over its gap budget but within this many times it is
#: a near win: given at :data:`NEAR_CONFIDENCE`, under the game's bar for acting at once, so
#: the move is read back ("Drei? Ja oder nein?") instead of refused silently. With ACCEPT_GAP
#: 2.0, against 2.5 and no near win before, on the corpus clean and in rooms: real commands
#: refused German 30 -> 26 of 432, English 24 -> 22 of 558; acted on as another command
#: 4 -> 3 and 8 -> 6 (docs/BENCHMARKS.md, "Held-out speakers")
NEAR = 2.0
NEAR_CONFIDENCE = 0.5
#: noise suppression before voice detection and decode (``voice_game.speech.denoise``):
#: ``room`` (livekit's WebRTC noise suppression, the optional extra ``duplex``, given out only
#: while the room's noise floor is over ``denoise.ON_DB``, -45 dBFS, with 6 dB of hysteresis),
#: ``webrtc`` (always), or ``off``; off by itself when livekit is not installed, and when the
#: echo canceller of full duplex suppresses the noise already. Suppression always on took
#: German 5 dB from 77.8 to 84.7 % of commands held out but refused fewer English non-commands
#: and lost clean multi-word moves; only in a noisy room (threshold chosen per fold on the
#: other speakers, -45 in 14 of 21 folds, no fold chose off; ``speech_heldout.py --adaptive``,
#: 2026-12-05): German clean and 15 dB as without, 5 dB 77.8 -> 84.7 %; English 5 dB 77.8 ->
#: 79.2 %, 15 dB 93.1 % as without, but clean non-commands refused 96.4 -> 95.4 % (recordings
#: whose own noise is over the threshold are suppressed); clean synthetic multi-word moves as
#: without (docs/BENCHMARKS.md, "Suppression only in a noisy room")
DENOISE = "room"
#: the voice detection follows the room's noise floor: a frame no louder than it by
#: ``noise_floor.MARGIN_DB`` is no voice (``voice_game.speech.noise_floor``). Streamed in
#: real time, babble of other speakers at 5 dB SNR, 12 clips a language: utterances ended by
#: the detection German 2 -> 10, English 0 -> 9 (the rest were held open until the stream
#: ended, 2.1 s after the word); English right 7 -> 10 of 12 (with DENOISE)
NOISE_FLOOR = True
#: turn down what an utterance has no louder than the room's noise floor before its decode.
#: Off: held out it took German commands up (5 dB 77.8 -> 81.9 %) but refused fewer
#: non-commands (15 dB 94.4 -> 90.3 %), and English lost at 5 dB (77.8 -> 75.0 %)
GATE = False
#: the word in the residual: an utterance over the game's voice often runs from what the
#: echo canceller left of the narration into the person's word and on, and Whisper makes
#: nothing of the whole (the duplex benchmark: the opening of a resumed game, the word 15 to
#: 20 dB over the residual around it). When the whole of an utterance at least
#: ``PART_MIN_S`` long gave nothing, its loudest part (the 10 ms frames within
#: ``PART_DROP_DB`` of its loudest, gaps under ``PART_GAP_S`` bridged, ``PART_PAD_S`` more on
#: either side) is decoded alone if it stands ``PART_STANDS_DB`` over the median of the rest;
#: the listener weighs it only over the game's voice (``Hypothesis.part``)
PART_MIN_S = 1.2
PART_DROP_DB = 12.0
PART_GAP_S = 0.1
PART_PAD_S = 0.15
PART_STANDS_DB = 15.0
