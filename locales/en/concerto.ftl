### Concerto narration (English). Card, instrument, pattern and piece names come from concerto_cards.ftl.


## concerto

concerto-title = Concerto
concerto-handover = { $player }, please take over. The others, please do not listen. Say ready when you are alone with the speaker.
concerto-handover_wait = Say ready first, { $player }.
concerto-game_started =
    Concerto with { $players }. Target: { $target ->
        [one] one point
       *[other] { $target } points
    }.
concerto-game_started_verbose =
    Concerto with { $players }. The first to reach { $target ->
        [one] one point
       *[other] { $target } points
    } wins.
concerto-game_started_solo =
    Against { $players }, to { $target ->
        [one] one point
       *[other] { $target } points
    }.
concerto-game_started_verbose_solo =
    Concerto against { $players }. The first to reach { $target ->
        [one] one point
       *[other] { $target } points
    } wins.
concerto-maestro = Maestro version: a conductor card sets a condition for the next piece.
concerto-market_opening = Job market: { $instruments }.
concerto-pieces_opening = Pieces: { $pieces }
concerto-hand_dealt = You have { $cards }.
concerto-times =
    { $count ->
        [one] one { $instrument } card
       *[other] { $count } { $instrument } cards
    }
concerto-received_instrument = You get { $cards }.
concerto-received_special = Your special card: { $card }.
concerto-dealt_others =
    { $count ->
        [one] { $players } gets five instruments and a special card.
       *[other] { $players } get five instruments and a special card each.
    }
concerto-choose_start_you = Choose two for your starting orchestra.
concerto-choose_start_named = { $player }, choose two instruments as your starting orchestra.
concerto-choose_start_you_verbose = Choose your starting orchestra: two different instruments from your hand, left to right.
concerto-choose_start_named_verbose = { $player }, choose your starting orchestra: two different instruments from your hand, left to right.
concerto-choose_start_example = Say: { $example }.
concerto-example_start = { $instrument } { $other }
concerto-choose_start_other = { $player } chooses a starting orchestra.
concerto-turn_you = Your turn.
concerto-turn_you_hint = Your turn: place an instrument, play a special card, swap cards, replace a piece, or conduct.
concerto-turn_named = { $player }, your turn.
concerto-turn_named_hint = { $player }, your turn: place an instrument, play a special card, swap cards, replace a piece, or conduct.
concerto-turn_number = Turn { $number }.
concerto-turn_other = Turn { $number }. { $player }'s turn.
concerto-pair = { $instrument } with { $pattern }
concerto-beat_pair = { $instrument } { $pattern }
concerto-bot_sentence = { $player } { $actions }.
concerto-bot_sentence_place =
    { $count ->
        [0] { $player }: { $pair }.
       *[other] { $player }: { $pair }, { $actions }.
    }
concerto-bot_start = chooses { $pairs }
concerto-bot_place = places { $pair }
concerto-bot_place_at = places { $pair } at place { $position }
concerto-bot_draw_instrument =
    { $count ->
        [one] draws an instrument card
       *[other] draws { $count } instrument cards
    }
concerto-bot_draw_special =
    { $count ->
        [one] draws a special card
       *[other] draws { $count } special cards
    }
concerto-bot_take = takes { $instrument }
concerto-bot_take_verbose = takes { $instrument } from the market
concerto-bot_discard = discards { $cards }
concerto-bot_replace = puts the { $level } piece { $piece } under its pile
concerto-bot_replace_short = replaces { $piece }
concerto-bot_special = plays { $card }
concerto-bot_special_no_effect = plays { $card } without effect
concerto-bot_fx_instruments_exchanged = { $player } plays { $card }: their { $instrument } for { $target }'s { $other }.
concerto-bot_fx_instruments_exchanged_you = { $player } plays { $card }: their { $instrument } for your { $other }, with the beat patterns.
concerto-bot_fx_patterns_swapped = { $player } sabotages { $target }: { $instrument } and { $other } swap beat patterns.
concerto-bot_fx_patterns_swapped_you = { $player } sabotages you: your { $instrument } and { $other } swap beat patterns.
concerto-bot_fx_market_exchanged = { $player } plays { $card }: their { $instrument } for { $other } from the market.
concerto-bot_fx_rehearsal = { $player } rehearses { $instrument }.
concerto-bot_fx_audition = { $player } plays { $card } and takes { $instrument } from the discard pile.
concerto-bot_conduct = conducts { $piece }
concerto-bot_conduct_ignore = conducts { $piece }, ignoring the conductor card
concerto-bot_conduct_brief = conducts { $piece }
concerto-bot_encore =
    { $count ->
        [one] Encore: one more instrument.
       *[other] Encore: { $count } more instruments.
    }
concerto-bot_lost_wrong_beat = loses { $instrument }
concerto-bot_lost_given_up = gives up { $instrument }
concerto-bot_lost_encore = loses { $instrument } in the encore
concerto-bot_failed = Failed, the piece leaves the game.
concerto-bot_succeeded =
    { $count ->
        [0] No points, the score stays at { $score }.
        [one] One point, now has { $score }.
       *[other] { $count } points, now has { $score }.
    }
concerto-bot_succeeded_brief =
    { $count ->
        [0] no points, still { $score }.
       *[other] now has { $score }.
    }
concerto-bot_applause = Applause!
concerto-bot_boos = Boo!
concerto-placed_setup = { $player } puts { $instrument } in place { $position }.
concerto-placed_setup_you = You put { $instrument } in place { $position }.
concerto-placed = { $player } places { $instrument }.
concerto-placed_you = You place { $instrument }.
concerto-placed_you_at = You put { $instrument } in place { $position }.
concerto-pattern_you =
    Remember: your { $instrument } { NUMBER_OF($instrument) ->
        [plural] play
       *[singular] plays
    } { $pattern }.
concerto-pattern_named =
    { $player }, remember: your { $instrument } { NUMBER_OF($instrument) ->
        [plural] play
       *[singular] plays
    } { $pattern }.
concerto-pattern_secret = The beat pattern of { $player } for { $instrument } was announced once.
concerto-pattern_secret_you = Your beat pattern for { $instrument } was announced once.
# what the history keeps of a beat pattern said once (the memory rule)
concerto-pattern_hidden = hidden pattern
concerto-pattern_drawn =
    Remember: { $player }'s { $instrument } { NUMBER_OF($instrument) ->
        [plural] play
       *[singular] plays
    } { $pattern }.
concerto-market_taken = { $player } takes { $instrument } from the market.
concerto-market_taken_you = You take { $instrument }.
concerto-market_revealed = New in the job market: { $instrument }.
concerto-market_duplicate =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are in the job market already and go
       *[singular] is in the job market already and goes
    } to the discard pile.
concerto-piece_revealed = New piece: { $details }
concerto-piece_replaced = { $player } puts the { $level } piece { $piece } under its pile.
concerto-piece_replaced_you = You put the { $level } piece { $piece } under its pile.
concerto-piece_replaced_short = { $player } puts { $piece } under the pile.
concerto-piece_replaced_you_short = You put { $piece } under the pile.
concerto-conductor_revealed = Conductor card { $name }: { $text }
concerto-conductors_exhausted = No conductor cards left.
concerto-pile_reshuffled =
    { $count ->
        [one] The { $pile } pile is shuffled anew from the discards: one card.
       *[other] The { $pile } pile is shuffled anew from the discards: { $count } cards.
    }
concerto-special_played = { $player } plays { $card }.
concerto-special_no_effect = { $player } plays { $card } without effect.
concerto-special_played_you = You play { $card }.
concerto-special_no_effect_you = You play { $card }, without effect.
concerto-instruments_exchanged = { $player } swaps their { $instrument } for { $target }'s { $other }, together with the beat patterns.
concerto-instruments_exchanged_you = { $player } swaps their { $instrument } for your { $other }, together with the beat patterns.
concerto-instruments_exchanged_by_you = You swap your { $instrument } for { $target }'s { $other }, together with the beat patterns.
concerto-patterns_swapped = Sabotage! In { $target }'s orchestra, { $instrument } and { $other } swap their beat patterns.
concerto-patterns_swapped_you = Sabotage! In your orchestra, { $instrument } and { $other } swap their beat patterns.
concerto-patterns_swapped_by_you = { $target }'s { $instrument } and { $other } swap beat patterns.
concerto-own_patterns_swapped = { $player } swaps the beat patterns of their { $instrument } and { $other }.
concerto-own_patterns_swapped_by_you = You swap the beat patterns of your { $instrument } and { $other }.
concerto-market_exchanged = { $player } swaps their { $instrument } for { $other } from the job market. The newcomer keeps the beat pattern.
concerto-market_exchanged_by_you = You swap your { $instrument } for { $other } from the job market, with the same beat pattern.
concerto-rehearsal = { $player } rehearses { $instrument }.
concerto-rehearsal_by_you = You rehearse { $instrument }.
concerto-pattern_recalled =
    Only for you: your { $instrument } { NUMBER_OF($instrument) ->
        [plural] play
       *[singular] plays
    } { $pattern }.
concerto-audition = { $player } takes { $instrument } from the discard pile.
concerto-audition_by_you = You take { $instrument } from the discard pile.
concerto-cards_discarded = { $player } discards { $cards }.
concerto-cards_discarded_you = You discard { $cards }.
concerto-performance_started = { $player } conducts the { $level } piece { $piece }.
concerto-performance_started_ignore = { $player } conducts the { $level } piece { $piece } and ignores the conductor card.
concerto-performance_started_you = You conduct { $piece }: each instrument with its beat pattern.
concerto-performance_started_ignore_you = You conduct { $piece } and ignore the conductor card.
concerto-next_first = First: { $instrument }.
concerto-next = Next: { $instrument }.
concerto-conduct_card_order = On the card: { $instruments }. Mind the conductor card.
concerto-beat_correct = Bravo! { $instrument }, { $pattern }.
concerto-beat_correct_brief = Bravo!
concerto-beat_wrong = Boo! { $instrument }, { $pattern } is wrong. Expected was { $expected }, { $expected_pattern }.
concerto-encore_started =
    { $count ->
        [one] Encore! { $player } conducts one more instrument of the orchestra.
       *[other] Encore! { $player } conducts the { $count } other instruments of the orchestra.
    }
concerto-encore_started_you =
    { $count ->
        [one] Encore! Conduct one more instrument of your orchestra.
       *[other] Encore! Conduct the { $count } other instruments of your orchestra.
    }
concerto-encore_left =
    { $count ->
        [one] Still: { $instruments }.
       *[other] Still, in any order: { $instruments }.
    }
concerto-lost_wrong_beat = { $player } loses { $instrument }.
concerto-lost_wrong_beat_you = You lose { $instrument }.
concerto-lost_given_up = { $player } gives up { $instrument }.
concerto-lost_given_up_you = You give up { $instrument }.
concerto-lost_encore = { $player } loses { $instrument } in the encore.
concerto-lost_encore_you = You lose { $instrument } in the encore.
concerto-performance_failed = The performance of { $piece } failed. The piece leaves the game.
concerto-conductor_fulfilled =
    { $count ->
        [one] Conductor { $name } is pleased: one bonus point.
       *[other] Conductor { $name } is pleased: { $count } bonus points.
    }
concerto-conductor_missed =
    { $count ->
        [one] Conductor { $name } is not pleased: one point less.
       *[other] Conductor { $name } is not pleased: { $count } points less.
    }
concerto-performance_succeeded =
    { $count ->
        [0] Applause! { $player } scores no points for { $piece } and stays at { $score }.
        [one] Applause! { $player } scores one point for { $piece } and now has { $score }.
       *[other] Applause! { $player } scores { $count } points for { $piece } and now has { $score }.
    }
concerto-performance_succeeded_you =
    { $count ->
        [0] Applause! You score no points for { $piece } and stay at { $score }.
        [one] Applause! You score one point for { $piece } and now have { $score }.
       *[other] Applause! You score { $count } points for { $piece } and now have { $score }.
    }
concerto-give_up_now = Give up one instrument of the piece: { $instruments }. For example: give up { $instrument }.
concerto-refill =
    { $count ->
        [one] Refill: { $options }.
       *[other] Refill, { $count } cards: { $options }.
    }
concerto-refill_market =
    { $count ->
        [one] Refill from the market: { $options }.
       *[other] Refill from the market, { $count } cards: { $options }.
    }
concerto-refill_again =
    { $count ->
        [one] One more: { $options }.
       *[other] { $count } more: { $options }.
    }
concerto-refill_again_market =
    { $count ->
        [one] One more from the market: { $options }.
       *[other] { $count } more from the market: { $options }.
    }
concerto-help_beat = the instrument and its beat pattern, next { $instrument }
concerto-help_beat_card = the instrument and its beat pattern, in the order the conductor card asks for
concerto-help_beat_encore = the instrument and its beat pattern, still { $instruments }
concerto-draw_option = draw
concerto-game_over_target = The game is over: the target is reached.
concerto-game_over_pieces_exhausted = The game is over: no pieces are left.
concerto-score_player =
    { $count ->
        [one] { $player }: one point.
       *[other] { $player }: { $count } points.
    }
concerto-score_player_you =
    { $count ->
        [one] You: one point.
       *[other] You: { $count } points.
    }
concerto-winner =
    { $count ->
        [one]
            { $players } { COUNT($players) ->
                [one] wins
               *[other] win
            } with one point.
       *[other]
            { $players } { COUNT($players) ->
                [one] wins
               *[other] win
            } with { $count } points.
    }
concerto-winner_you =
    { $count ->
        [one] You win with one point.
       *[other] You win with { $count } points.
    }
concerto-shared_win =
    { $count ->
        [one] Shared win with one point: { $players }.
       *[other] Shared win with { $count } points: { $players }.
    }
concerto-shared_win_you =
    { $count ->
        [one] You share the win with { $players }, with one point each.
       *[other] You share the win with { $players }, with { $count } points each.
    }
concerto-performance_started_you_short = You conduct { $piece }.
concerto-next_brief = { $instrument }.
concerto-performance_succeeded_you_short =
    { $count ->
        [0] Applause! No points, you stay at { $score }.
        [one] Applause! One point, you now have { $score }.
       *[other] Applause! { $count } points, you now have { $score }.
    }
concerto-give_up_short = Give one up: { $instruments }.
concerto-piece_revealed_brief = New: { $details }
concerto-piece_revealed_same =
    { $count ->
        [one] New piece, one point: { $instruments }.
       *[other] New piece, { $count } points: { $instruments }.
    }
concerto-piece_revealed_same_genre =
    { $count ->
        [one] New piece, one point, { $genre }: { $instruments }.
       *[other] New piece, { $count } points, { $genre }: { $instruments }.
    }
concerto-piece_revealed_same_short =
    { $count ->
        [one] New for one point: { $instruments }.
       *[other] New for { $count }: { $instruments }.
    }
concerto-piece_revealed_same_genre_short =
    { $count ->
        [one] New for one point, { $genre }: { $instruments }.
       *[other] New for { $count }, { $genre }: { $instruments }.
    }
concerto-piece_revealed_count =
    { $points ->
        [one] New for one point, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] New for { $points }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
concerto-piece_revealed_count_genre =
    { $points ->
        [one] New for one point, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] New for { $points }, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
concerto-refill_again_brief =
    { $count ->
        [one] One more.
       *[other] { $count } more.
    }
concerto-refill_same =
    { $count ->
        [one] Refill.
       *[other] Refill, { $count } cards.
    }
concerto-refill_same_brief =
    { $count ->
        [one] Refill.
       *[other] { $count } cards.
    }
concerto-received_brief = { $cards }.
concerto-taken_brief = { $instrument }.
concerto-bot_after_wrong_beat = Lost: { $instrument }.
concerto-bot_after_given_up = Gives up { $instrument }.
concerto-bot_after_encore = Lost in the encore: { $instrument }.
concerto-bot_after_given_up_clause = gives up { $instrument }
concerto-bot_after_given_up_clause_brief = gives up { $instrument }
concerto-pile_reshuffled_short =
    { $count ->
        [one] { $pile } pile reshuffled from the discards: one card.
       *[other] { $pile } pile reshuffled from the discards: { $count } cards.
    }
concerto-bot_fx_instruments_exchanged_brief = { $player } swaps their { $instrument } for { $target }'s { $other }.
concerto-bot_fx_market_exchanged_brief = { $player } swaps their { $instrument } for { $other } from the market.
concerto-bot_fx_audition_brief = { $player } takes { $instrument } from the discard pile.
concerto-instruments_exchanged_by_you_brief = You swap your { $instrument } for { $target }'s { $other }.
concerto-received_special_brief = Your special card: { $card }.
concerto-audition_by_you_brief = { $instrument } from the discard pile.
concerto-pattern_short = { $instrument }: { $pattern }.
concerto-refill_brief =
    { $count ->
        [one] { $options }.
       *[other] { $count } cards: { $options }.
    }
concerto-bot_sentence_brief = { $player } { $actions }.
concerto-bot_place_brief = places { $pair }
concerto-bot_take_brief = takes { $instrument }
concerto-bot_wrong_same = { $instrument }: { $pattern } instead of { $expected_pattern }.
concerto-bot_wrong_other = { $instrument }, { $pattern }; { $expected }, { $expected_pattern } was next.
concerto-bot_failed_lost = { $instrument } and the piece are gone.
concerto-bot_failed_lost_short =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } gone.
concerto-bot_wrong_lost =
    { $instrument } with { $pattern } instead of { $expected_pattern } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } lost.
concerto-bot_lost_brief =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } lost.
concerto-bot_failed_piece_gone = The piece is gone too.
concerto-explain = { $name }: { $text }
concerto-nothing = nothing
concerto-piece_name = { $title } by { $composer }
concerto-piece_details =
    { $count ->
        [one] { $level }: { $piece }, { $genre }, one point. Instruments: { $instruments }.
       *[other] { $level }: { $piece }, { $genre }, { $count } points. Instruments: { $instruments }.
    }
concerto-piece_short =
    { $count ->
        [one] { $level } for one point: { $instruments }.
       *[other] { $level } for { $count } points: { $instruments }.
    }
concerto-piece_short_genre =
    { $count ->
        [one] { $level } for one point, { $genre }: { $instruments }.
       *[other] { $level } for { $count } points, { $genre }: { $instruments }.
    }
concerto-piece_short_next =
    { $count ->
        [one] { $level } for one: { $instruments }.
       *[other] { $level } for { $count }: { $instruments }.
    }
concerto-piece_short_genre_next =
    { $count ->
        [one] { $level } for one, { $genre }: { $instruments }.
       *[other] { $level } for { $count }, { $genre }: { $instruments }.
    }
concerto-piece_count =
    { $points ->
        [one] { $level } for one point, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] { $level } for { $points } points, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
concerto-piece_count_next =
    { $points ->
        [one] { $level } for one, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] { $level } for { $points }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
concerto-piece_count_genre =
    { $points ->
        [one] { $level } for one point, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] { $level } for { $points } points, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
concerto-piece_count_genre_next =
    { $points ->
        [one] { $level } for one, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
       *[other] { $level } for { $points }, { $genre }, { $count ->
            [one] one instrument
           *[other] { $count } instruments
        }.
    }
# the short table ("tisch"): what a turn is decided on; "mehr" says the rest (verbose: the whole one)
concerto-table_market_short = Market: { $instruments }.
concerto-table_score = { $player } { $count }
concerto-table_you = you
concerto-table_scores_all = all { $count }
concerto-table_scores_short = Scores to { $target }: { $scores }.
# the short table's scores; the target comes on "mehr"
concerto-table_scores_now = Scores: { $scores }.
concerto-table_target =
    { $count ->
        [one] Goal: one point.
       *[other] Goal: { $count } points.
    }
concerto-table_turn = It is { $player }'s turn.
concerto-table_turn_you = It is your turn.
concerto-table_turn_number = It is { $player }'s turn, turn { $number }.
concerto-table_turn_number_you = It is your turn, turn { $number }.
concerto-table_market =
    { $count ->
        [0] Market: { $instruments }, the pile is empty.
        [one] Market: { $instruments }, one in the pile.
       *[other] Market: { $instruments }, { $count } in the pile.
    }
# "more" after the short table: only what it left out ("Turn 19.", "38 instruments in the pile.", "Green: Hallelujah by Leonard Cohen, pop.")
concerto-table_turn_only = Turn { $number }.
concerto-table_instrument_pile =
    { $count ->
        [0] The instrument pile is empty.
        [one] One instrument in the pile.
       *[other] { $count } instruments in the pile.
    }
concerto-table_piece_title = { $level }: { $about }
concerto-table_piece_listed = { $level }: { $instruments }.
# the table's pieces: what each needs first, then what it is ("Green 2: vocals and guitar.")
concerto-table_piece = { $level } { $count }: { $instruments }.
concerto-table_piece_genre = { $level } { $count }, { $genre }: { $instruments }.
concerto-table_piece_instruments =
    { $count ->
        [one] one instrument
       *[other] { $count } instruments
    }
concerto-table_piece_about = { $piece }, { $genre }.
# the piece piles, equal ones together ("Pieces in the piles: green 13, yellow and orange 15 each.")
concerto-table_piles = Pieces in the piles: { $piles }.
concerto-table_pile_group =
    { $many ->
        [yes] { $levels } { $count } each
       *[no] { $levels } { $count }
    }
concerto-table_piles_all =
    { $count ->
        [0] The piece piles are empty.
        [one] One piece in each pile.
       *[other] { $count } pieces in each pile.
    }
# the orchestras: the noun once ("Your orchestra: ...", "Orchestra of Amadeus: ...", "Clara: ...")
concerto-table_orchestras_empty = Every orchestra is empty.
concerto-table_orchestra_first = Orchestra of { $player }: { $orchestra }.
concerto-table_orchestra_of = { $player }: { $orchestra }.
# the hands, equal ones together ("In hand: all 3 instruments and one special card.")
concerto-table_hands = In hand: { $hands }.
concerto-table_hands_all = In hand: all { $cards }.
concerto-table_hands_each =
    { $specials ->
        [one] In hand: { $hands }, and one special card each.
       *[other] In hand: { $hands }, and { $specials } special cards each.
    }
concerto-table_hand_group = { $players } { $cards }
concerto-table_hand_cards =
    { $specials ->
        [0] { $count ->
            [0] no card
            [one] one instrument
           *[other] { $count } instruments
        }
        [one] { $count ->
            [0] one special card
            [one] one instrument and one special card
           *[other] { $count } instruments and one special card
        }
       *[other] { $count } instruments and { $specials } special cards
    }
concerto-table_no_piece = { $level }: no piece open.
concerto-table_player =
    { $count ->
        [one] { $player }: one point.
       *[other] { $player }: { $count } points.
    }
concerto-table_orchestra = Orchestra: { $orchestra }.
concerto-table_orchestra_you = Your orchestra: { $orchestra }.
concerto-table_player_you =
    { $count ->
        [one] You: one point.
       *[other] You: { $count } points.
    }
concerto-table_hand_split =
    { $specials ->
        [0] { $count ->
            [one] One instrument in hand.
           *[other] { $count } instruments in hand.
        }
        [one] { $count ->
            [one] One instrument and one special card in hand.
           *[other] { $count } instruments and one special card in hand.
        }
       *[other] { $count } instruments and { $specials } special cards in hand.
    }
concerto-table_hand =
    { $count ->
        [0] No cards in hand.
        [one] One card in hand.
       *[other] { $count } cards in hand.
    }
concerto-table_discard = Discard pile: { $cards }.
concerto-table_discard_empty = The discard pile is empty.
concerto-special_pile =
    { $count ->
        [0] The special card pile is empty.
        [one] One special card in the pile.
       *[other] { $count } special cards in the pile.
    }
concerto-special_discard = Played or discarded: { $cards }.
concerto-special_discard_empty = No special card played or discarded yet.
concerto-maestro_none = This game has no conductor cards.
concerto-maestro_rules =
    { $count ->
        [one] The active conductor card counts for the next successful piece: meet its condition and you get one more point, else one fewer. If the piece fails, it does not count. To ignore it, say for example { $example }.
       *[other] The active conductor card counts for the next successful piece: meet its condition and you get { $count } more points, else { $count } fewer. If the piece fails, it does not count. To ignore it, say for example { $example }.
    }
concerto-conductor_none_active =
    { $count ->
        [0] No conductor card is active, and the pile is empty.
        [one] No conductor card is active, one left in the pile.
       *[other] No conductor card is active, { $count } left in the pile.
    }
concerto-table_conductor = Conductor card { $name }: { $text }
concerto-table_conductor_hidden = A conductor card is face down. Remember it.
concerto-table_performance_you =
    { $count ->
        [one] You are conducting { $piece }, one beat so far.
       *[other] You are conducting { $piece }, { $count } beats so far.
    }
concerto-table_performance =
    { $count ->
        [one] { $player } is conducting { $piece }, one beat so far.
       *[other] { $player } is conducting { $piece }, { $count } beats so far.
    }
concerto-no_seat =
    { $count ->
        [one] There is only one seat.
       *[other] There are only { $count } seats, player 1 to { $count }.
    }
concerto-my_cards_nobody = Nobody at this table has cards to hear.
concerto-my_hand = { $player }, your instrument cards: { $instruments }.
concerto-my_hand_you = Your instrument cards: { $instruments }.
concerto-my_specials = Your special card: { $cards }.
concerto-my_specials_none = You have no special card.
concerto-my_orchestra = Your orchestra from left to right: { $instruments }. The beat patterns you must remember.
concerto-my_orchestra_empty = Your orchestra is still empty.
concerto-scores_now = Scores, the target is { $count }:
concerto-rules = Concerto. Build an orchestra and conduct music pieces. Each instrument in your orchestra gets a beat pattern, announced once: remember it. On your turn do one thing: place an instrument from your hand, play a special card, swap one to four hand cards, replace an open piece, or conduct an open piece. To conduct, your orchestra needs every instrument of the piece. Name them in the piece's order, each with its beat pattern, for example: brass, circle. One wrong pair and the piece fails, and you lose that instrument. Success scores the piece, and you give up one of its instruments. Then refill to three instruments from the pile or the job market. The first to reach the target wins.
concerto-rules_maestro =
    { $count ->
        [one] Maestro version, target one point: at the start and after each successful piece a new conductor card is drawn and read out.
       *[other] Maestro version, target { $count } points: at the start and after each successful piece a new conductor card is drawn and read out.
    }

## concerto.pile

concerto-pile-instruments = instrument
concerto-pile-specials = special card
concerto-pile-beats = beat pattern

## concerto.reason

concerto-reason-player_count = Concerto needs 2 to 4 players, not { $count }.
concerto-reason-player_names = Every player needs a different name.
concerto-reason-unknown_variant = I do not know the variant { $variant }. There are maestro and conductor-visible.
concerto-reason-birth_year = The birth year of { $player } is missing or not valid.
concerto-reason-first_player = There is no seat { $first_player } to start.
concerto-reason-deck_unknown_pile = The deck file names an unknown pile { $pile }.
concerto-reason-deck_unknown_card = The deck file has an unknown card { $card } in pile { $pile }.
concerto-reason-deck_too_many = The deck file has card { $card } too often in pile { $pile }, at most { $max }.
concerto-reason-deck_not_a_list = In the deck file, { $pile } must be a list of card names.
concerto-reason-deck_too_few_instruments = The deck file's instrument pile is too short: every player must get an instrument at the start.
concerto-reason-game_over = The game is already over.
concerto-reason-reveal_pending = A card is being revealed first.
concerto-reason-nothing_to_reveal = There is nothing to reveal.
concerto-reason-unknown_action = There is no such move.
concerto-reason-choose_start_first = First choose your starting orchestra.
concerto-reason-refill_first = First refill your hand: draw a card or take one from the job market.
concerto-reason-conducting_now = You are conducting { $piece }: name the next instrument with its beat pattern.
concerto-reason-give_up_first = First give up one instrument of { $piece }.
concerto-reason-not_setup = The starting orchestras are already chosen.
concerto-reason-not_refilling = You do not refill now.
concerto-reason-not_conducting = You are not conducting now.
concerto-reason-nothing_to_give_up = There is nothing to give up now.
concerto-reason-unknown_instrument = There is no instrument { $instrument }.
concerto-reason-unknown_pattern = There is no beat pattern { $pattern }.
concerto-reason-unknown_level = There is no level { $level }.
concerto-reason-unknown_special = There is no special card { $card }.
concerto-reason-unknown_player = There is no player { $target }.
concerto-reason-start_count =
    { $count ->
        [one] Choose one instrument for your starting orchestra.
       *[other] Choose { $count } different instruments for your starting orchestra.
    }
concerto-reason-start_duplicate = Your starting orchestra cannot hold { $instrument } twice.
concerto-reason-not_in_hand = You have no { $instrument } in your hand.
concerto-reason-already_in_orchestra = Your orchestra already has { $instrument }.
concerto-reason-not_in_orchestra = Your orchestra has no { $instrument }.
concerto-reason-special_not_in_hand = You do not hold the special card { $card }.
concerto-reason-special_needs_target = Say what { $card } should do, for example which instruments.
concerto-reason-special_has_target = { $card } can act now: say what it should do.
concerto-reason-special_bad_params = { $card } cannot be played like that.
concerto-reason-target_is_self = Choose an opponent, not yourself.
concerto-reason-target_not_in_orchestra = { $target }'s orchestra has no { $instrument }.
concerto-reason-would_duplicate = Then { $target }'s orchestra would hold { $instrument } twice.
concerto-reason-same_instrument = Name two different instruments, not { $instrument } twice.
concerto-reason-not_in_market =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } not in the job market.
concerto-reason-not_in_discard =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } not in the discard pile.
concerto-reason-no_open_pieces = No piece is open.
concerto-reason-swap_count =
    { $max ->
        [one] Swap exactly one card, not { $count }.
       *[other] Swap one to { $max } cards, not { $count }.
    }
concerto-reason-swap_not_in_hand = You do not hold { $card }.
concerto-reason-no_open_piece = No { $level } piece is open.
concerto-reason-piece_pile_empty = The { $level } pile is empty, the piece cannot be replaced.
concerto-reason-missing_instruments = For { $piece } your orchestra lacks { $missing }.
concerto-reason-no_conductor = There is no conductor card to ignore.
concerto-reason-nothing_to_ignore = This conductor card changes nothing in the performance.
concerto-reason-swap_pair_needed = The conductor card wants two instruments of the piece whose patterns you swap first.
concerto-reason-swap_not_asked = No swap is asked for this piece.
concerto-reason-swap_not_in_piece =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] do
       *[singular] does
    } not play in this piece.
concerto-reason-not_in_encore =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] are
       *[singular] is
    } not part of the encore.
concerto-reason-not_in_piece =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] do
       *[singular] does
    } not play in { $piece }.
concerto-reason-instrument_pile_empty = The instrument pile is empty.

## help.group: the kinds of moves "hilfe" / "help" groups
help-group-start = choose a starting orchestra
help-group-place_instrument = instruments
help-group-special = special card
help-group-swap = hand cards
help-group-replace = pieces
help-group-conduct = conduct
help-group-beat = name an instrument with its beat pattern
help-group-give_up = the piece's instruments
help-group-take_market = market

## concerto.variant_name (the variants' names in the start menu)

concerto-variant_name-maestro = maestro version
concerto-variant_name-conductor-visible = conductor card visible
