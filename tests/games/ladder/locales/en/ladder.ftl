### Ladder (a test game): every word it says in English.

## menu
menu-play_ladder = Play Ladder
menu-title_ladder = Ladder
menu-game_name-ladder = Ladder

## save
save-deck_form_ladder = The deck file { $path } must look like { "{" }"cards": [1, 9, ...]{ "}" }.

## ladder
ladder-started =
    { $count ->
        [one] Ladder begins with { $count } player.
       *[other] Ladder begins with { $count } players.
    }
ladder-your_hand = Your cards: { $cards }.
ladder-no_cards = none
ladder-climbed =
    { $count ->
        [one] You play { $rank }, { $count } card left.
       *[other] You play { $rank }, { $count } cards left.
    }
ladder-climbed_named =
    { $count ->
        [one] { $player } plays { $rank }, { $count } card left.
       *[other] { $player } plays { $rank }, { $count } cards left.
    }
ladder-folded = You fold.
ladder-folded_named = { $player } folds.
ladder-folded_drew = You fold and draw.
ladder-folded_drew_named = { $player } folds and draws.
ladder-drew = You drew { $rank }.
ladder-cleared = Everybody folded: the pile is cleared.
ladder-game_over =
    { $count ->
        [one] { $players } wins.
       *[other] { $players } win.
    }
ladder-turn = Your turn. Top: { $top }. Your cards: { $cards }.
ladder-turn_named = { $player }'s turn.
ladder-table = Top of the pile: { $top }. Deck: { $count } cards.
ladder-table_cards =
    { $count ->
        [one] { $player }: { $count } card.
       *[other] { $player }: { $count } cards.
    }
ladder-whose_turn = It is { $player }'s turn.
ladder-rules = Play a card higher than the top of the pile, or fold and draw. Lay your last card to win.

## ladder.reason
ladder-reason-not_in_hand = You have no { $rank }.
ladder-reason-too_low = { $rank } is not higher than { $top }.
ladder-reason-game_over = The game is over.
ladder-reason-unknown_action = That is no move in Ladder.
ladder-reason-player_count = Ladder is for { $min } to { $max } players, not { $count }.
ladder-reason-unknown_variant = Ladder has no variant { $variant }.
ladder-reason-bad_deck = The deck must hold every card of the box once.
