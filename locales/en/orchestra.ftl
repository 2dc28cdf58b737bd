### Animal Orchestra (English).


## orchestra

orchestra-title = Animal Orchestra
orchestra-you_are = You play as { $player }.
orchestra-game_started =
    Animal Orchestra with { $players }. { $conductors ->
        [one] One conductor on the table.
       *[other] { $conductors } conductors on the table.
    } In play: { $families }.
orchestra-game_started_solo =
    Animal Orchestra against { $players }. { $conductors ->
        [one] One conductor on the table.
       *[other] { $conductors } conductors on the table.
    } In play: { $families }.
orchestra-falsche_note =
    { $count ->
        [one] Variant False Note: one musician was taken out of the game unseen.
       *[other] Variant False Note: { $count } musicians were taken out of the game unseen.
    }
orchestra-maestro_intro = Variant Grand Maestro. The cards of this game:
# the short table in a Grand Maestro game: the cards by name ("more" reads them)
orchestra-table_maestro_short = Grand Maestro: { $cards }.
orchestra-maestro_none = No Grand Maestro cards in this game.
orchestra-round_started = Round { $round }. { $player } starts.
orchestra-round_started_you = Round { $round }. You start.
orchestra-round_next = Round { $round }.
orchestra-round_ended_verbose = Round { $round } is over. { $player } took last and starts the next round.
orchestra-round_ended_verbose_you = Round { $round } is over. You took last and start the next round.
orchestra-turn_you = Your turn.
orchestra-turn_you_hint = Your turn: draw, or take a conductor.
orchestra-turn_you_named = { $player }, your turn.
orchestra-turn_you_hint_named = { $player }, your turn: draw, or take a conductor.
orchestra-turn_you_hint_draw = Your turn: draw.
orchestra-turn_you_hint_draw_named = { $player }, your turn: draw.
orchestra-turn_other = { $player }'s turn.
orchestra-drew_you = { $family }.
orchestra-drew_you_hint = You drew a { $family }. Which conductor?
orchestra-remaining =
    { $count ->
        [one] One card left.
       *[other] { $count } cards left.
    }
orchestra-placed_you = To { $conductor }.
orchestra-placed_you_verbose = You place the { $family } at conductor { $conductor }.
orchestra-placed_you_verbose_named = { $player } places the { $family } at conductor { $conductor }.
orchestra-placed = { $player }: { $family } to { $conductor }.
orchestra-placed_brief = { $conductor }.
orchestra-placed_verbose = { $player } draws a { $family } and places it at conductor { $conductor }.
orchestra-row_now =
    { $count ->
        [one] It now has one musician.
       *[other] It now has { $count } musicians.
    }
orchestra-took = { $player } takes conductor { $conductor }: { $cards }.
orchestra-took_brief = { $player } takes { $conductor }: { $cards }.
orchestra-took_you = You take conductor { $conductor }: { $cards }.
orchestra-last_card = Last card! Everyone still in chooses once: take or pass, { $player } last.
orchestra-last_card_you = Last card! Everyone still in chooses once: take or pass, you last.
orchestra-last_card_verbose = That was the last card! Everyone still in the round now chooses once: take a conductor or pass. { $player } chooses last.
orchestra-last_card_you_verbose = That was the last card! Everyone still in the round now chooses once: take a conductor or pass. You choose last.
orchestra-final_choice_you = Your last choice: take a conductor or say pass.
orchestra-final_choice_you_named = { $player }, your last choice: take a conductor or say pass.
orchestra-passed = { $player } ends without a conductor.
orchestra-passed_you = You end without a conductor.
orchestra-final_choice_pass_you = Your last choice: no open conductor has musicians, say pass.
orchestra-final_choice_pass_you_named = { $player }, your last choice: no open conductor has musicians, say pass.
orchestra-deck_empty_pass = The pile is empty and no open conductor has musicians: say pass.
orchestra-nothing_to_place_pass = There is no card left to place and no open conductor has musicians: say pass.
orchestra-choices_now = Say: { $options }.
orchestra-option_take = take conductor { $conductor }
orchestra-option_pass = pass
orchestra-game_over = The game is over. The scoring.
orchestra-leftover =
    { $count ->
        [one] One musician stays in the middle.
       *[other] { $count } musicians stay in the middle.
    }
orchestra-score_player =
    { $count ->
        [one] { $player }: one point
       *[other] { $player }: { $count } points
    }
orchestra-score_player_you =
    { $count ->
        [one] You: one point
       *[other] You: { $count } points
    }
orchestra-score_family =
    { $count ->
        [one] { $cards }: one point
       *[other] { $cards }: { $count } points
    }
orchestra-score_bonus =
    { $count ->
        [one] { $card }: one point
       *[other] { $card }: { $count } points
    }
orchestra-score_malus =
    { $count ->
        [one] { $card }: one point less
       *[other] { $card }: { $count } points less
    }
orchestra-score_nothing = no musicians
orchestra-score_zero = no points: { $cards }
orchestra-quartets =
    { $count ->
        [0] no quartet
        [one] one quartet
       *[other] { $count } quartets
    }
orchestra-winner =
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
orchestra-winner_you =
    { $count ->
        [one] You win with one point.
       *[other] You win with { $count } points.
    }
orchestra-winner_by_quartets =
    Tied at { $points ->
        [one] one point
       *[other] { $points } points
    }. { $players } { COUNT($players) ->
        [one] has more quartets and wins
       *[other] have more quartets and win
    }.
orchestra-winner_you_by_quartets =
    Tied at { $points ->
        [one] one point
       *[other] { $points } points
    }. You have more quartets and win.
orchestra-shared_win =
    { $points ->
        [one] Shared win at one point: { $players }.
       *[other] Shared win at { $points } points: { $players }.
    }
orchestra-shared_win_you =
    { $count ->
        [one] You share the win with { $players }, at one point each.
       *[other] You share the win with { $players }, at { $count } points each.
    }
orchestra-nothing = nothing
orchestra-table_round =
    { $count ->
        [0] Round { $round }. The pile is empty.
        [one] Round { $round }. One card left in the pile.
       *[other] Round { $round }. { $count } cards left in the pile.
    }
orchestra-table_row_empty = Conductor { $conductor } empty.
orchestra-table_row = Conductor { $conductor } with { $cards }.
orchestra-table_row_taken = Conductor { $conductor } taken by { $player }.
# the table's next conductors, after "Conductor 1 ...": the noun once
orchestra-table_row_empty_next = { $conductor } empty.
orchestra-table_row_next = { $conductor } with { $cards }.
orchestra-table_row_taken_next = { $conductor } taken by { $player }.
orchestra-table_rows_empty = All conductors empty.
# taken by the one human at the table (solo): you sit the round out
orchestra-table_row_taken_you = Conductor { $conductor } taken by you.
orchestra-table_row_taken_you_next = { $conductor } taken by you.
orchestra-table_drawn = Drawn and not yet placed: { $family }.
orchestra-table_turn = It is { $player }'s turn.
orchestra-table_turn_you = It is your turn.
orchestra-my_cards = Your musicians: { $cards }.
orchestra-no_row =
    { $count ->
        [one] There is only one conductor.
       *[other] There are only { $count } conductors.
    }
orchestra-my_cards_none = You have no musicians yet.
orchestra-cards_of = { $player } has { $cards }.
orchestra-cards_of_none = { $player } has no musicians yet.
orchestra-no_seat =
    { $count ->
        [one] There is only one seat.
       *[other] There are only { $count } seats, players 1 to { $count }.
    }
orchestra-scores_now = Scores now:
orchestra-rules = Animal Orchestra. On your turn, draw a musician and place it face up at a conductor, at most four per conductor. Or take a conductor with all its musicians, at least one must be there, and sit out the rest of the round. The round ends when everyone has taken a conductor; whoever took last starts the next. When the last card is placed, everyone still in the round chooses once: take a conductor or pass. Scoring: each family is one group. Exactly one musician, a soloist, scores one point, exactly four, a quartet, score five, anything else zero. On a tie, most quartets wins.

## orchestra.family

orchestra-family-tuba =
    { $count ->
        [one] tuba bear
       *[other] tuba bears
    }
orchestra-family-violin =
    { $count ->
        [one] violin cat
       *[other] violin cats
    }
orchestra-family-flute =
    { $count ->
        [one] flute frog
       *[other] flute frogs
    }
orchestra-family-drum =
    { $count ->
        [one] drum elephant
       *[other] drum elephants
    }
orchestra-family-trumpet =
    { $count ->
        [one] trumpet fox
       *[other] trumpet foxes
    }
orchestra-family-harp =
    { $count ->
        [one] harp owl
       *[other] harp owls
    }
orchestra-family-cello =
    { $count ->
        [one] cello hare
       *[other] cello hares
    }
orchestra-family-triangle =
    { $count ->
        [one] triangle mouse
       *[other] triangle mice
    }

## orchestra.count

orchestra-count-tuba =
    { $count ->
        [one] tuba bear
       *[other] { $count } tuba bears
    }
orchestra-count-violin =
    { $count ->
        [one] violin cat
       *[other] { $count } violin cats
    }
orchestra-count-flute =
    { $count ->
        [one] flute frog
       *[other] { $count } flute frogs
    }
orchestra-count-drum =
    { $count ->
        [one] drum elephant
       *[other] { $count } drum elephants
    }
orchestra-count-trumpet =
    { $count ->
        [one] trumpet fox
       *[other] { $count } trumpet foxes
    }
orchestra-count-harp =
    { $count ->
        [one] harp owl
       *[other] { $count } harp owls
    }
orchestra-count-cello =
    { $count ->
        [one] cello hare
       *[other] { $count } cello hares
    }
orchestra-count-triangle =
    { $count ->
        [one] triangle mouse
       *[other] { $count } triangle mice
    }

## orchestra.short
# A family in the narration of a move (drawn, placed, taken) at the brief and normal
# levels: its instrument says which family it is, the animal is the card's picture
# (the whole name in the opening, the table, your musicians, the scoring and verbose).

orchestra-short-tuba =
    { $count ->
        [one] tuba
       *[other] tubas
    }
orchestra-short-violin =
    { $count ->
        [one] violin
       *[other] violins
    }
orchestra-short-flute =
    { $count ->
        [one] flute
       *[other] flutes
    }
orchestra-short-drum =
    { $count ->
        [one] drum
       *[other] drums
    }
orchestra-short-trumpet =
    { $count ->
        [one] trumpet
       *[other] trumpets
    }
orchestra-short-harp =
    { $count ->
        [one] harp
       *[other] harps
    }
orchestra-short-cello =
    { $count ->
        [one] cello
       *[other] cellos
    }
orchestra-short-triangle =
    { $count ->
        [one] triangle
       *[other] triangles
    }

## orchestra.short_count

orchestra-short_count-tuba =
    { $count ->
        [one] tuba
       *[other] { $count } tubas
    }
orchestra-short_count-violin =
    { $count ->
        [one] violin
       *[other] { $count } violins
    }
orchestra-short_count-flute =
    { $count ->
        [one] flute
       *[other] { $count } flutes
    }
orchestra-short_count-drum =
    { $count ->
        [one] drum
       *[other] { $count } drums
    }
orchestra-short_count-trumpet =
    { $count ->
        [one] trumpet
       *[other] { $count } trumpets
    }
orchestra-short_count-harp =
    { $count ->
        [one] harp
       *[other] { $count } harps
    }
orchestra-short_count-cello =
    { $count ->
        [one] cello
       *[other] { $count } cellos
    }
orchestra-short_count-triangle =
    { $count ->
        [one] triangle
       *[other] { $count } triangles
    }

## orchestra.maestro

orchestra-maestro-perfectionist = Perfectionist: each quartet scores two extra points.
orchestra-maestro-soloist = Soloist: each soloist scores two points.
orchestra-maestro-trio = Trio: a family of exactly three scores two points.
orchestra-maestro-duet = Duet: a family of exactly two scores two points.
orchestra-maestro-critic = Critic: each family of two or three costs one point.
orchestra-maestro-collector = Collector: the most different families scores three points, all tied players get it.
orchestra-maestro-miser = Miser: the fewest musicians scores two points, all tied players get it.
orchestra-maestro-crowd = Crowd: a family of five or more scores one point.

## orchestra.maestro_name

orchestra-maestro_name-perfectionist = Perfectionist
orchestra-maestro_name-soloist = Soloist
orchestra-maestro_name-trio = Trio
orchestra-maestro_name-duet = Duet
orchestra-maestro_name-critic = Critic
orchestra-maestro_name-collector = Collector
orchestra-maestro_name-miser = Miser
orchestra-maestro_name-crowd = Crowd

## reason

reason-game_over = The game is already over.
reason-unknown_action = There is no such move.
reason-reveal_pending = The drawn card is revealed first.
reason-nothing_to_reveal = There is nothing to reveal.
reason-no_such_conductor =
    { $count ->
        [one] There is only one conductor.
       *[other] There is no conductor { $conductor }; the conductors are 1 to { $count }.
    }
reason-must_place_first = You must place the { $family } at a conductor first.
reason-deck_empty = The pile is empty. Take a conductor or say pass.
reason-all_full = All conductors are full. You must take one.
reason-must_draw_first = You must draw first.
reason-nothing_to_place = There is no card left to place. Take a conductor or say pass.
reason-conductor_taken = Conductor { $conductor } is gone, { $player } took it.
reason-conductor_full = Conductor { $conductor } is full, it already has four musicians.
reason-conductor_empty = Conductor { $conductor } has no musicians yet. You may not take an empty conductor.
reason-pass_only_at_end = Passing is only allowed after the last card. Draw or take a conductor.
reason-player_count = Animal Orchestra needs 2 to 5 players, not { $count }.
reason-player_names = Every player needs a name of their own.
reason-unknown_variant = I do not know the variant { $variant }. There are falsche-note and grand-maestro.
reason-deck_empty_file = The deck file holds no cards.
reason-deck_family_not_in_play = The family { $family } is not in play with { $players } players.
reason-deck_too_many =
    The deck file holds more than { $max ->
        [one] one { $family } card
       *[other] { $max } { $family } cards
    }.
reason-deck_too_short =
    False Note needs a pile of at least { $need ->
        [one] one card
       *[other] { $need } cards
    }.

## help.group: the kinds of moves "hilfe" / "help" groups
help-group-place = place at a conductor
help-group-take = take a conductor

## orchestra.variant_name (the variants' names in the start menu)

orchestra-variant_name-falsche-note = False Note
orchestra-variant_name-grand-maestro = Grand Maestro
