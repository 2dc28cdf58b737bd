### Tutorials (English). Lesson files: voice_game/games/<game>/tutorials/*.toml.


## tutorial

tutorial-unknown = There is no tutorial { $course }. There are { $courses }.
tutorial-start = Welcome to the { $title } tutorial: { $count } short lessons.
tutorial-resumed = Welcome back to the { $title } tutorial. On with lesson { $number } of { $count }.
tutorial-controls = At any time: next, back, repeat, skip, end tutorial. Help tells you what to do right now.
tutorial-controls_short = Always possible: next, back, repeat, skip, end tutorial.
tutorial-lesson = Lesson { $number } of { $count }: { $title }.
tutorial-skipped = Skipped.
tutorial-going_back = Back to lesson { $number }.
tutorial-ended = Tutorial ended. Next time we continue with lesson { $number }.
tutorial-input_ended = No more input. Next time we continue with lesson { $number }.
tutorial-finished = Well done! You have finished the { $title } tutorial. Have fun playing.
tutorial-sound = { $name }.
tutorial-no_table = There is no table in this lesson.
tutorial-help_wait = Listen, and say next when you are ready.
tutorial-say_next = Say next when you are ready, or repeat.
tutorial-did_for_you = I do it for you: "{ $command }".
tutorial-not_now = "{ $command }" works here, but right now we practise something else.
tutorial-other_command = "{ $command }" is a real command, but here we practise something else.
tutorial-not_understood = I did not understand that.
tutorial-say_exactly = Say exactly: "{ $command }".
tutorial-say_also = You can also say "{ $command }".
tutorial-game_next = The practice game is still on. Say skip to end it.
tutorial-did_for_you_hidden = I will do that for you.
tutorial-game_left = The practice game is over.

## tutorial.sound_name

tutorial-sound_name-your_turn = Your turn
tutorial-sound_name-draw = A card is drawn
tutorial-sound_name-place = A musician is placed
tutorial-sound_name-take = A conductor is taken
tutorial-sound_name-error = That is not possible
tutorial-sound_name-round_end = A round ends or begins
tutorial-sound_name-game_end = The game is over
tutorial-sound_name-win = Victory
tutorial-sound_name-conductor_1 = Conductor 1, left
tutorial-sound_name-conductor_2 = Conductor 2, middle
tutorial-sound_name-conductor_3 = Conductor 3, right
tutorial-sound_name-turn_seat = Another player's turn: every seat has its own tone

## tutorial

tutorial-orchestra-title = Animal Orchestra

## tutorial.orchestra.welcome

tutorial-orchestra-welcome-title = What it is about
tutorial-orchestra-welcome-idea = You lead an orchestra of animals, in families such as tuba bears and violin cats. In the middle lies one conductor per player.
tutorial-orchestra-welcome-goal = Only soloists, exactly one musician of a family, and quartets, exactly four, score points. Anything in between scores nothing.
tutorial-orchestra-welcome-ready = Say next.

## tutorial.orchestra.sounds

tutorial-orchestra-sounds-title = The sounds
tutorial-orchestra-sounds-families = Every family of musicians has its own sound:
tutorial-orchestra-sounds-events = The table has sounds too:
tutorial-orchestra-sounds-conductors = The conductors lie from left to right; you hear each from its side:
tutorial-orchestra-sounds-ready = Say next, and we play.

## tutorial.orchestra.draw

tutorial-orchestra-draw-title = Draw and place
tutorial-orchestra-draw-intro = At the table sit you, Amadeus and Clara; three conductors lie out, no musicians yet. On your turn you draw a musician or take a conductor. It is your turn and you draw: say draw.
tutorial-orchestra-draw-hint = Say draw.
tutorial-orchestra-draw-place = You put the musician face up with a conductor: say conductor one.
tutorial-orchestra-draw-place_hint = Say conductor one.
tutorial-orchestra-draw-placed = Your turn is over.
tutorial-orchestra-draw-table = You hear the whole table at any time with table. Say table.
tutorial-orchestra-draw-table_hint = Say table.
tutorial-orchestra-draw-end = Say next.

## tutorial.orchestra.full

tutorial-orchestra-full-title = At most four per conductor
tutorial-orchestra-full-intro = A conductor holds at most four musicians. Conductor one already has four tuba bears: it is full.
tutorial-orchestra-full-help = When you do not know what you can say, say help. Try it.
tutorial-orchestra-full-help_hint = Say help.
tutorial-orchestra-full-ask = Now draw a musician.
tutorial-orchestra-full-place = Conductor one is full. Put it with conductor two.
tutorial-orchestra-full-place_hint = Conductor one is full. Say conductor two.
tutorial-orchestra-full-end = A full conductor is just waiting to be taken. Say next.

## tutorial.orchestra.take

tutorial-orchestra-take-title = Taking a conductor
tutorial-orchestra-take-intro = Instead of drawing you can take a conductor with all its musicians. They join your orchestra, and you sit out the rest of the round. It must not be empty, and you can never take right after drawing.
tutorial-orchestra-take-ask = Conductor two has one harp owl: a soloist, one point. Say take conductor two.
tutorial-orchestra-take-hint = Say take conductor two.
tutorial-orchestra-take-done = You are done for this round.
tutorial-orchestra-take-last = The last player left may draw several times, up to four musicians, and then takes the conductor.
tutorial-orchestra-take-round = Whoever took last starts the next round. You hear your musicians with my cards. Say my cards.
tutorial-orchestra-take-cards_hint = Say my cards.
tutorial-orchestra-take-end = Say next.

## tutorial.orchestra.scoring

tutorial-orchestra-scoring-title = Scoring
tutorial-orchestra-scoring-points = Points are counted at the end. Every family in your orchestra is one group: exactly one musician scores one point, exactly four score five, any other number zero. So five tuba bears are zero points, not a quartet and a soloist.
tutorial-orchestra-scoring-ties = On a tie, whoever has more quartets wins; otherwise you share the victory.
tutorial-orchestra-scoring-ready = Say next.

## tutorial.orchestra.final

tutorial-orchestra-final-title = The last card
tutorial-orchestra-final-intro = Only one musician is left in the pile. Hear what happens after the last card: draw it.
tutorial-orchestra-final-place = Put the harp owl with conductor three, next to the flute frog and the drum elephant.
tutorial-orchestra-final-place_hint = Say conductor three.
tutorial-orchestra-final-choose = Conductor three has three soloists, three points. Say take conductor three.
tutorial-orchestra-final-choose_hint = Say take conductor three. To end without a conductor you would say pass.
tutorial-orchestra-final-end = That is how the game ends. Two variants change it:

## tutorial.orchestra.variants

tutorial-orchestra-variants-falsche_note = In False Note five random musicians leave the game unseen.
tutorial-orchestra-variants-grand_maestro = In Grand Maestro two cards with special scoring lie face up, such as two extra points per quartet; say scores to hear them again.
tutorial-orchestra-variants-ready = Say next for a practice game against Amadeus.

## tutorial.orchestra.game

tutorial-orchestra-game-title = A practice game
tutorial-orchestra-game-intro = A short game against Amadeus. I make suggestions: say yes, or play your own.
tutorial-orchestra-game-suggest = Suggestion: "{ $command }".
tutorial-orchestra-game-tip_turn = Tip: table tells you what lies with the conductors.
tutorial-orchestra-game-tip_final = Tip: take a conductor, or say pass.
tutorial-orchestra-game-done = Well played.

## tutorial.practice

tutorial-practice-new = New in your orchestra: { $instrument }.
tutorial-practice-pattern =
    { NUMBER_OF($instrument) ->
        [plural] Their
       *[singular] Its
    } beat pattern: { $pattern }. Remember it, you will not hear it again.
tutorial-practice-pattern_next = Remember: { $pattern }.
tutorial-practice-piece = Piece { $number }. Conduct in this order: { $instruments }.
tutorial-practice-prompt = { $instrument }?
tutorial-practice-help =
    Say { $instrument } and { NUMBER_OF($instrument) ->
        [plural] their
       *[singular] its
    } beat pattern: up-down, left-right, circle, stab, cross or swoosh. Next tells you the pattern.
tutorial-practice-say_like =
    Say { $instrument } and { NUMBER_OF($instrument) ->
        [plural] their
       *[singular] its
    } beat pattern, for example { $instrument } and then up-down, left-right, circle, stab, cross or swoosh.
tutorial-practice-other_instrument =
    Now it is the turn of { $instrument }.
tutorial-practice-bravo = Bravo! { $instrument }, { $pattern }.
tutorial-practice-boo =
    Boo! { $instrument } { NUMBER_OF($instrument) ->
        [plural] beat
       *[singular] beats
    } { $pattern }.
tutorial-practice-told =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] beat
       *[singular] beats
    } { $pattern }.
tutorial-practice-round_score = Remembered: { $right } of { $count }.
tutorial-practice-total =
    { $count ->
        [one] In all you remembered { $right } of one beat pattern.
       *[other] In all you remembered { $right } of { $count } beat patterns.
    }

## tutorial

tutorial-concerto_practice-title = Concerto: practise beat patterns

## tutorial.concerto_practice.patterns

tutorial-concerto_practice-patterns-title = Beat patterns and instruments
tutorial-concerto_practice-patterns-idea = In Concerto every instrument of your orchestra gets a beat pattern. You hear it only once, when the instrument joins, and must remember it. When conducting you name each instrument of the piece with its pattern.
tutorial-concerto_practice-patterns-six = There are six beat patterns: up-down, left-right, circle, stab, cross like an X, and swoosh, to the top right and quickly down to the left. Each has its sound.
tutorial-concerto_practice-patterns-instruments = And each of the nine instruments has its sound.
tutorial-concerto_practice-patterns-ready = Say next, and we practise.

## tutorial.concerto_practice.drill

tutorial-concerto_practice-drill-title = Practise conducting
tutorial-concerto_practice-drill-intro = Your orchestra grows by one instrument with every piece. I ask for each instrument; say it with its beat pattern.
tutorial-concerto_practice-drill-done = Well practised. In the game every correct piece scores points.

## tutorial

tutorial-concerto_maestro-title = Concerto: the maestro conductors

## tutorial.concerto_maestro.rules

tutorial-concerto_maestro-rules-title = The maestro version
tutorial-concerto_maestro-rules-draw = In the maestro version a conductor card is drawn at the start and after every successful piece, and read out once; then it lies face down, and you must remember its quirk.
tutorial-concerto_maestro-rules-points = Follow it in the next successful piece and you get two extra points, otherwise two less. If the piece fails, the card does not count and stays. You win with 40, 32 or 26 points for two, three or four players.
tutorial-concerto_maestro-rules-kinds = Some cards ask for an action while conducting, such as conducting in reverse order, others for a prerequisite, such as the youngest player conducting. The game checks both.
tutorial-concerto_maestro-rules-ready = Say next, and you try a card.

## tutorial.concerto_maestro.try

tutorial-concerto_maestro-try-title = Trying a conductor card
tutorial-concerto_maestro-try-intro = A table with conductor cards. The first one is drawn:
tutorial-concerto_maestro-try-start = Remember it. Now your starting orchestra: say orchestra miscellaneous brass, and listen to the patterns.
tutorial-concerto_maestro-try-start_hint = Say orchestra miscellaneous brass.
tutorial-concerto_maestro-try-piece = The green piece needs brass, then miscellaneous. Say conduct green piece, and mind the card.
tutorial-concerto_maestro-try-piece_hint = Say conduct green piece.
tutorial-concerto_maestro-try-first = Kerbert wants it in reverse: which instrument comes first, and with which pattern?
tutorial-concerto_maestro-try-first_hint = Reverse means: the piece's last instrument first. Say it with its pattern.
tutorial-concerto_maestro-try-second = And now the other one.
tutorial-concerto_maestro-try-second_hint = Say the piece's other instrument with its pattern.
tutorial-concerto_maestro-try-failed = It failed. Then the card does not count: it stays until a piece succeeds.
tutorial-concerto_maestro-try-success = The next card is already drawn and holds until the next successful piece. Now give up an instrument of the piece.
tutorial-concerto_maestro-try-give_up_hint = Say give up miscellaneous or give up brass.
tutorial-concerto_maestro-try-end = Say next.

## tutorial.concerto_maestro.examples

tutorial-concerto_maestro-examples-title = Two more cards
tutorial-concerto_maestro-examples-prerequisite = A prerequisite:
tutorial-concerto_maestro-examples-free = And one where you may be lucky: if what it names is not in the piece, you get the two points anyway.
tutorial-concerto_maestro-examples-ready = Say next, and you play with the cards.

## tutorial.concerto_maestro

tutorial-concerto_maestro-commands-ignore = You may also ignore a card on purpose, for example with conduct green piece without conductor card; then you accept the two minus points.
tutorial-concerto_maestro-commands-again = The card is read out only once. With the variant conductor card visible you hear it again with table.

## tutorial.concerto_maestro.game

tutorial-concerto_maestro-game-title = A maestro practice game
tutorial-concerto_maestro-game-intro = A short game against Amadeus with three pieces and changing conductor cards. I make suggestions: say yes, or play your own.
tutorial-concerto_maestro-game-tip_conduct = Tip: mind the conductor card when you name the instruments.
tutorial-concerto_maestro-game-done = Well played! Now you know the maestro version.

## tutorial

tutorial-concerto-title = Concerto

## tutorial.concerto.welcome

tutorial-concerto-welcome-title = What it is about
tutorial-concerto-welcome-idea = In Concerto you build an orchestra of instrument cards. Every new instrument gets a beat pattern, a movement of the baton. You hear it one single time and must remember it.
tutorial-concerto-welcome-turn = Three pieces lie open: green is easy, yellow medium, orange hard. Each names its instruments in a fixed order. When your orchestra has them all, you conduct: every instrument with its pattern, in that order.
tutorial-concerto-welcome-goal = If it succeeds, you score the piece's points. The game is the referee and checks every pair at once.
tutorial-concerto-welcome-ready = Say next.

## tutorial.concerto.sounds

tutorial-concerto-sounds-title = The sounds
tutorial-concerto-sounds-instruments = Each of the nine instruments has its sound:
tutorial-concerto-sounds-synonyms = You may call them other names too: tuba or horn means brass, violin or cello strings, flute woodwinds, harp or organ miscellaneous, timpani or drum percussion.
tutorial-concerto-sounds-patterns = The six beat patterns; the baton points away from you:
tutorial-concerto-sounds-up_down = up-down: vertically up and down
tutorial-concerto-sounds-left_right = left-right: horizontally to and fro
tutorial-concerto-sounds-circle = circle: in a circle
tutorial-concerto-sounds-stab = stab: a stab forward
tutorial-concerto-sounds-cross = cross: an X
tutorial-concerto-sounds-swoosh = swoosh: to the top right, then quickly down to the left
tutorial-concerto-sounds-events = And the sounds at the table:
tutorial-concerto-sounds-draw = a card is drawn
tutorial-concerto-sounds-place = an instrument joins an orchestra
tutorial-concerto-sounds-applause = applause: a beat or a piece succeeded
tutorial-concerto-sounds-boos = boos: a beat was wrong
tutorial-concerto-sounds-ready = Say next, and we go to the table.

## tutorial.concerto.start

tutorial-concerto-start-title = The starting orchestra
tutorial-concerto-start-intro = You play against Amadeus. Each of you holds five instruments and a special card. Listen to yours: say my cards.
tutorial-concerto-start-cards_hint = Say my cards.
tutorial-concerto-start-choose = Two different ones you put in front of you as your starting orchestra, from left to right; the order stays forever. Say orchestra miscellaneous brass, and listen to the patterns.
tutorial-concerto-start-hint = Say orchestra miscellaneous brass.
tutorial-concerto-start-done = Each pattern is announced only this once.
tutorial-concerto-start-others = You hear Amadeus's patterns too: in the card game everyone sees the others' patterns, only not their own.
tutorial-concerto-start-end = Now everyone holds three instruments and a special card. Say next.

## tutorial.concerto.place

tutorial-concerto-place-title = Placing an instrument
tutorial-concerto-place-intro = On your turn you do exactly one thing: place an instrument, play a special card, swap cards, replace a piece, or conduct.
tutorial-concerto-place-rule = A new instrument joins your orchestra on the right, each only once. Say place piano, and listen to its pattern.
tutorial-concerto-place-hint = Say place piano.
tutorial-concerto-place-done = Remember it well: it is never announced again.
tutorial-concerto-place-end = The more instruments, the more patterns you must remember. Say next.

## tutorial.concerto.refill

tutorial-concerto-refill-title = Job market and refilling
tutorial-concerto-refill-intro = After your action you fill up to three instruments: face down with draw card, or face up from the job market, where two different ones always lie, right now woodwinds and choir. Say take woodwinds from market.
tutorial-concerto-refill-hint = Say take woodwinds from market.
tutorial-concerto-refill-done = The market is filled up again, and it is Amadeus's turn.
tutorial-concerto-refill-table = With table you hear the pieces, the market and all orchestras at any time. Say table.
tutorial-concerto-refill-table_hint = Say table.
tutorial-concerto-refill-end = My cards tells you your hand and your orchestra. Say next.

## tutorial.concerto.swap

tutorial-concerto-swap-title = Swapping hand cards
tutorial-concerto-swap-intro = If you do not like your cards, your action can be to discard one to four, the special card too, and take new ones. You do not need the guitar: say swap guitar.
tutorial-concerto-swap-hint = Say swap guitar.
tutorial-concerto-swap-draw = Now refill, face down this time: say draw card.
tutorial-concerto-swap-draw_hint = Say draw card.
tutorial-concerto-swap-done = Only you hear the new card.
tutorial-concerto-swap-end = Several cards you swap with, for example, swap guitar piano. Say next.

## tutorial.concerto.replace

tutorial-concerto-replace-title = Replacing an open piece
tutorial-concerto-replace-intro = If you do not like an open piece, your action can be to put it under its pile; the next one of that colour comes up. The yellow one needs strings, miscellaneous and woodwinds. Say replace yellow piece.
tutorial-concerto-replace-hint = Say replace yellow piece.
tutorial-concerto-replace-done = Your hand is full, so that ends your turn.
tutorial-concerto-replace-end = Say next.

## tutorial.concerto.specials

tutorial-concerto-specials-title = Special cards
tutorial-concerto-specials-intro = Instead of an action you can play your special card; it acts at once.
tutorial-concerto-specials-rehearsal = You hold a Rehearsal: with it you hear the pattern of one of your instruments once more, only you. Say rehearsal miscellaneous.
tutorial-concerto-specials-rehearsal_hint = Say rehearsal miscellaneous.
tutorial-concerto-specials-rehearsal_done = As you have no special card left, you get a new one at the end of your turn.
tutorial-concerto-specials-audition = Your new card is an Audition: you take an instrument from the discard pile into your hand. Your guitar lies there. Say audition guitar.
tutorial-concerto-specials-audition_hint = Say audition guitar.
tutorial-concerto-specials-audition_done = Guitars are rare: there are only three.
tutorial-concerto-specials-others = The other four:
tutorial-concerto-specials-headhunter = Headhunter: swap an instrument, with its pattern, for one from an opponent's orchestra.
tutorial-concerto-specials-sabotage = Sabotage: swap the patterns of two instruments of an opponent.
tutorial-concerto-specials-job_sharing = Job Sharing: swap an instrument of your orchestra for one from the job market; place and pattern stay.
tutorial-concerto-specials-repertoire = Repertoire: all three open pieces are replaced.
tutorial-concerto-specials-end = Headhunter and Sabotage name the opponent, like sabotage player 2 strings for percussion. Say next.

## tutorial.concerto.conduct

tutorial-concerto-conduct-title = Conducting a piece
tutorial-concerto-conduct-intro = Now you conduct. A new table: say orchestra miscellaneous brass, and listen carefully to the patterns.
tutorial-concerto-conduct-start_hint = Say orchestra miscellaneous brass.
tutorial-concerto-conduct-piece = The green piece, Trumpet Voluntary, scores two points and needs brass, then miscellaneous. The order of the piece counts, not that of your orchestra. Say conduct green piece.
tutorial-concerto-conduct-hint = Say conduct green piece.
tutorial-concerto-conduct-first = Now name every instrument with its pattern, for example violin cross: violin means strings, cross is the pattern. Brass comes first: what does it play?
tutorial-concerto-conduct-first_hint = Say brass or tuba and the pattern you remember: up-down, left-right, circle, stab, cross or swoosh. With next I conduct for you.
tutorial-concerto-conduct-second = Now miscellaneous.
tutorial-concerto-conduct-second_hint = Say miscellaneous and the pattern you remember.
tutorial-concerto-conduct-failed = The piece failed: no points, and the instrument with the wrong pattern is gone. More on that in the next lesson.
tutorial-concerto-conduct-success = Success! But a musician of the piece is wooed away: give up one of its instruments, with its pattern, for example with give up miscellaneous.
tutorial-concerto-conduct-give_up_hint = Say give up miscellaneous or give up brass.
tutorial-concerto-conduct-scores = You hear the scores with scores. Say scores.
tutorial-concerto-conduct-scores_hint = Say scores.
tutorial-concerto-conduct-winning = Whoever has 30 points first wins, 25 with three players, 20 with four. Green pieces score 2 to 4 points, yellow 4 to 6, orange 7 to 9. When no pieces are left, whoever leads wins.
tutorial-concerto-conduct-end = Say next.

## tutorial.concerto.fail

tutorial-concerto-fail-title = When a pattern is wrong
tutorial-concerto-fail-intro = What does a wrong pattern cost? Hear it, at the same table as before. Say conduct green piece.
tutorial-concerto-fail-hint = Say conduct green piece.
tutorial-concerto-fail-wrong = Give brass a wrong pattern on purpose, for example tuba stab.
tutorial-concerto-fail-wrong_hint = Say an instrument of the piece and a wrong pattern, for example tuba stab.
tutorial-concerto-fail-right_anyway = That was right! Then give miscellaneous a wrong one, for example miscellaneous cross.
tutorial-concerto-fail-cost = That is how it sounds: no points, and the piece and the instrument are gone. You hear Amadeus's patterns too: if he forgets one, the same happens to him.
tutorial-concerto-fail-lucky = All right, the piece succeeded. Give up one of its instruments.
tutorial-concerto-fail-end = Say next, and you play a short practice game.

## tutorial.concerto.game

tutorial-concerto-game-title = A practice game
tutorial-concerto-game-intro = A short game against Amadeus with only three pieces. I make suggestions: say yes, or play your own.
tutorial-concerto-game-suggest = Suggestion: "{ $command }".
tutorial-concerto-game-suggest_hidden = While you conduct I do not give the patterns away. Say yes, and I conduct the beat for you, as well as I remember it.
tutorial-concerto-game-tip_setup = Tip: choose instruments the open pieces need.
tutorial-concerto-game-tip_action = Tip: if your orchestra has all instruments of a piece, conduct it.
tutorial-concerto-game-tip_conduct = Tip: name the instrument whose turn it is with its pattern.
tutorial-concerto-game-tip_give_up = Tip: best give up one whose pattern you find hard to remember.
tutorial-concerto-game-done = Well played! Now you know Concerto.

## tutorial.course (each course's name in the tutorials menu)

tutorial-course-orchestra = Animal Orchestra tutorial
tutorial-course-concerto = Concerto tutorial
tutorial-course-concerto-practice = Concerto: practise beat patterns
tutorial-course-concerto-maestro = Concerto: the maestro conductors

## tutorial.tools (the tools every course practises: history, detail, rules, stop, keys)

tutorial-tools-previous = Everything said stays in the history. Previous message says the last message again, and so does the comma key; the full stop key goes forward. Say previous message.
tutorial-tools-previous_hint = Say previous message, or press comma.
tutorial-tools-since = To hear what happened since your last move, say since my turn.
tutorial-tools-since_hint = Say since my turn.
tutorial-tools-verbose = You choose how much the narration says: verbose, normal or brief. The V key goes round them. Say verbose.
tutorial-tools-verbose_hint = Say verbose, or press V.
tutorial-tools-brief = Now the opposite: say brief.
tutorial-tools-brief_hint = Say brief, or press V again.
tutorial-tools-normal = And back: say normal.
tutorial-tools-normal_hint = Say normal, or press V again.
tutorial-tools-rules = You can hear the rules at any time: say rules, or press G. They are long: once you have heard enough, say stop. Say rules now.
tutorial-tools-rules_hint = Say rules, or press G.
tutorial-tools-stop_hint = Say stop.
tutorial-tools-stop_done = Stop cuts any narration short, and so does any key.
tutorial-tools-keys = The K key tells you every key. O says the table, M your cards, S the scores, F1 the help.
tutorial-tools-end = Say next.

## tutorial.orchestra.tools

tutorial-orchestra-tools-title = The table by ear
tutorial-orchestra-tools-intro = A few tools let you hear the table without playing. First Amadeus and Clara move: listen.
tutorial-orchestra-tools-row = Your turn. To ask what lies at a conductor without placing a card, say what is at conductor one. Typed, conductor 1 with a question mark is enough.
tutorial-orchestra-tools-row_hint = Say what is at conductor one.
tutorial-orchestra-tools-cards_of = To hear another player's musicians, use their name. Say musicians of Amadeus.
tutorial-orchestra-tools-cards_of_hint = Say musicians of Amadeus.

## tutorial.concerto.tools

tutorial-concerto-tools-title = The table by ear
tutorial-concerto-tools-intro = A few tools let you hear the table without playing. First it is Amadeus's turn: listen.
tutorial-concerto-tools-pieces = Your turn. To hear the open pieces with their instruments, say pieces.
tutorial-concerto-tools-pieces_hint = Say pieces.
tutorial-concerto-tools-orchestra_of = To hear another player's orchestra, use their name. Say orchestra of Amadeus.
tutorial-concerto-tools-orchestra_of_hint = Say orchestra of Amadeus.
tutorial-concerto-tools-explain = To hear what a special card does, ask by its name. Say what does Headhunter do.
tutorial-concerto-tools-explain_hint = Say what does Headhunter do.
tutorial-concerto-tools-discard = To hear what was discarded, say discard pile.
tutorial-concerto-tools-discard_hint = Say discard pile.
