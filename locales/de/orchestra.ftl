### Tierorchester (German).


## orchestra

orchestra-title = Tierorchester
orchestra-you_are = Du spielst als { $player }.
orchestra-game_started =
    Tierorchester mit { $players }. { $conductors ->
        [one] Ein Dirigent liegt aus.
       *[other] { $conductors } Dirigenten liegen aus.
    } Im Spiel sind { $families }.
orchestra-game_started_solo =
    Tierorchester gegen { $players }. { $conductors ->
        [one] Ein Dirigent liegt aus.
       *[other] { $conductors } Dirigenten liegen aus.
    } Im Spiel sind { $families }.
orchestra-falsche_note =
    { $count ->
        [one] Variante Falsche Note: Ein Musiker wurde ungesehen aus dem Spiel genommen.
       *[other] Variante Falsche Note: { $count } Musiker wurden ungesehen aus dem Spiel genommen.
    }
orchestra-maestro_intro = Variante Grand Maestro. Die Karten dieser Partie:
# the short table in a Grand Maestro game: the cards by name ("mehr" reads them)
orchestra-table_maestro_short = Grand Maestro: { $cards }.
orchestra-maestro_none = Keine Grand-Maestro-Karten in dieser Partie.
orchestra-round_started = Runde { $round }. { $player } beginnt.
orchestra-round_started_you = Runde { $round }. Du beginnst.
orchestra-round_next = Runde { $round }.
orchestra-round_ended_verbose = Runde { $round } ist vorbei. { $player } hat zuletzt genommen und beginnt die nächste Runde.
orchestra-round_ended_verbose_you = Runde { $round } ist vorbei. Du hast zuletzt genommen und beginnst die nächste Runde.
orchestra-turn_you = Dein Zug.
orchestra-turn_you_hint = Dein Zug: ziehen oder einen Dirigenten nehmen.
orchestra-turn_you_named = { $player }, dein Zug.
orchestra-turn_you_hint_named = { $player }, dein Zug: ziehen oder einen Dirigenten nehmen.
orchestra-turn_you_hint_draw = Dein Zug: ziehen.
orchestra-turn_you_hint_draw_named = { $player }, dein Zug: ziehen.
orchestra-turn_other = { $player } ist dran.
orchestra-drew_you = { $family }.
orchestra-drew_you_hint = Gezogen: { $family }. Zu welchem Dirigenten?
orchestra-remaining =
    { $count ->
        [one] Noch eine Karte.
       *[other] Noch { $count } Karten.
    }
orchestra-placed_you = Zu { $conductor }.
orchestra-placed_you_verbose = Du legst zu Dirigent { $conductor }: { $family }.
orchestra-placed_you_verbose_named = { $player } legt zu Dirigent { $conductor }: { $family }.
orchestra-placed = { $player }: { $family } zu { $conductor }.
orchestra-placed_brief = { $conductor }.
orchestra-placed_verbose = { $player } zieht und legt zu Dirigent { $conductor }: { $family }.
orchestra-row_now =
    { $count ->
        [one] Dort liegt jetzt ein Musiker.
       *[other] Dort liegen jetzt { $count } Musiker.
    }
orchestra-took = { $player } nimmt Dirigent { $conductor }: { $cards }.
orchestra-took_brief = { $player } nimmt { $conductor }: { $cards }.
orchestra-took_you = Du nimmst Dirigent { $conductor }: { $cards }.
orchestra-last_card = Letzte Karte! Wer noch dabei ist, wählt einmal: nehmen oder beenden, { $player } zuletzt.
orchestra-last_card_you = Letzte Karte! Wer noch dabei ist, wählt einmal: nehmen oder beenden, du zuletzt.
orchestra-last_card_verbose = Das war die letzte Karte! Wer noch in der Runde ist, wählt jetzt einmal: einen Dirigenten nehmen oder beenden. { $player } wählt zuletzt.
orchestra-last_card_you_verbose = Das war die letzte Karte! Wer noch in der Runde ist, wählt jetzt einmal: einen Dirigenten nehmen oder beenden. Du wählst zuletzt.
orchestra-final_choice_you = Deine letzte Wahl: einen Dirigenten nehmen oder beenden.
orchestra-final_choice_you_named = { $player }, deine letzte Wahl: einen Dirigenten nehmen oder beenden.
orchestra-passed = { $player } beendet ohne einen Dirigenten.
orchestra-passed_you = Du beendest ohne einen Dirigenten.
orchestra-final_choice_pass_you = Deine letzte Wahl: Kein offener Dirigent hat Musiker, sag beenden.
orchestra-final_choice_pass_you_named = { $player }, deine letzte Wahl: Kein offener Dirigent hat Musiker, sag beenden.
orchestra-deck_empty_pass = Der Stapel ist leer, und kein offener Dirigent hat Musiker: Sag beenden.
orchestra-nothing_to_place_pass = Es gibt keine Karte mehr zu legen, und kein offener Dirigent hat Musiker: Sag beenden.
orchestra-choices_now = Sag: { $options }.
orchestra-option_take = Dirigent { $conductor } nehmen
orchestra-option_pass = beenden
orchestra-game_over = Das Spiel ist aus. Die Wertung.
orchestra-leftover =
    { $count ->
        [one] Ein Musiker bleibt in der Mitte liegen.
       *[other] { $count } Musiker bleiben in der Mitte liegen.
    }
orchestra-score_player =
    { $count ->
        [one] { $player }: ein Punkt
       *[other] { $player }: { $count } Punkte
    }
orchestra-score_player_you =
    { $count ->
        [one] Du: ein Punkt
       *[other] Du: { $count } Punkte
    }
orchestra-score_family =
    { $count ->
        [one] { $cards }: ein Punkt
       *[other] { $cards }: { $count } Punkte
    }
orchestra-score_bonus =
    { $count ->
        [one] { $card }: ein Punkt
       *[other] { $card }: { $count } Punkte
    }
orchestra-score_malus =
    { $count ->
        [one] { $card }: ein Punkt weniger
       *[other] { $card }: { $count } Punkte weniger
    }
orchestra-score_nothing = keine Musiker
orchestra-score_zero = ohne Punkte: { $cards }
orchestra-quartets =
    { $count ->
        [0] kein Quartett
        [one] ein Quartett
       *[other] { $count } Quartette
    }
orchestra-winner =
    { $count ->
        [one]
            { $players } { COUNT($players) ->
                [one] gewinnt
               *[other] gewinnen
            } mit einem Punkt.
       *[other]
            { $players } { COUNT($players) ->
                [one] gewinnt
               *[other] gewinnen
            } mit { $count } Punkten.
    }
orchestra-winner_you =
    { $count ->
        [0] Du gewinnst mit null Punkten.
        [one] Du gewinnst mit einem Punkt.
       *[other] Du gewinnst mit { $count } Punkten.
    }
orchestra-winner_by_quartets =
    Gleichstand bei { $points ->
        [one] einem Punkt
       *[other] { $points } Punkten
    }. { $players } { COUNT($players) ->
        [one] hat mehr Quartette und gewinnt
       *[other] haben mehr Quartette und gewinnen
    }.
orchestra-winner_you_by_quartets =
    Gleichstand bei { $points ->
        [one] einem Punkt
       *[other] { $points } Punkten
    }. Du hast mehr Quartette und gewinnst.
orchestra-shared_win =
    { $points ->
        [one] Geteilter Sieg bei einem Punkt: { $players }.
       *[other] Geteilter Sieg bei { $points } Punkten: { $players }.
    }
orchestra-shared_win_you =
    { $count ->
        [one] Du teilst dir den Sieg mit { $players }, bei je einem Punkt.
       *[other] Du teilst dir den Sieg mit { $players }, bei je { $count } Punkten.
    }
orchestra-nothing = nichts
# table overview
orchestra-table_round =
    { $count ->
        [0] Runde { $round }. Der Stapel ist leer.
        [one] Runde { $round }. Noch eine Karte im Stapel.
       *[other] Runde { $round }. Noch { $count } Karten im Stapel.
    }
orchestra-table_row_empty = Dirigent { $conductor } leer.
orchestra-table_row = Dirigent { $conductor } mit { $cards }.
orchestra-table_row_taken = Dirigent { $conductor } genommen von { $player }.
# the table's next conductors, after "Dirigent 1 ...": the noun once
orchestra-table_row_empty_next = { $conductor } leer.
orchestra-table_row_next = { $conductor } mit { $cards }.
orchestra-table_row_taken_next = { $conductor } genommen von { $player }.
orchestra-table_rows_empty = Alle Dirigenten leer.
# taken by the one human at the table (solo): you sit the round out
orchestra-table_row_taken_you = Dirigent { $conductor } genommen von dir.
orchestra-table_row_taken_you_next = { $conductor } genommen von dir.
orchestra-table_drawn = Gezogen und noch nicht gelegt: { $family }.
orchestra-table_turn = { $player } ist dran.
orchestra-table_turn_you = Du bist dran.
orchestra-my_cards = Deine Musiker: { $cards }.
orchestra-no_row =
    { $count ->
        [one] Es gibt nur einen Dirigenten.
       *[other] Es gibt nur { $count } Dirigenten.
    }
orchestra-my_cards_none = Du hast noch keine Musiker.
orchestra-cards_of = { $player } hat { $cards }.
orchestra-cards_of_none = { $player } hat noch keine Musiker.
orchestra-no_seat =
    { $count ->
        [one] Es gibt nur einen Platz.
       *[other] Es gibt nur { $count } Plätze, Spieler 1 bis { $count }.
    }
orchestra-scores_now = Stand jetzt:
orchestra-rules = Tierorchester. Wer dran ist, zieht einen Musiker und legt ihn offen zu einem Dirigenten, höchstens vier pro Dirigent. Oder er nimmt einen Dirigenten mit allen seinen Musikern, mindestens einer muss dort liegen, und setzt für den Rest der Runde aus. Die Runde endet, wenn jeder einen Dirigenten genommen hat; wer zuletzt genommen hat, beginnt die nächste. Wird die letzte Karte gelegt, wählt jeder, der noch in der Runde ist, einmal: nehmen oder beenden. Wertung: jede Familie ist eine Gruppe. Genau ein Musiker, der Solist, zählt einen Punkt, genau vier, das Quartett, zählen fünf, alles andere null. Bei Gleichstand gewinnt, wer mehr Quartette hat.

## orchestra.family

orchestra-family-tuba =
    { $count ->
        [one] Tuba-Bär
       *[other] Tuba-Bären
    }
orchestra-family-violin =
    { $count ->
        [one] Geigen-Katze
       *[other] Geigen-Katzen
    }
orchestra-family-flute =
    { $count ->
        [one] Flöten-Frosch
       *[other] Flöten-Frösche
    }
orchestra-family-drum =
    { $count ->
        [one] Trommel-Elefant
       *[other] Trommel-Elefanten
    }
orchestra-family-trumpet =
    { $count ->
        [one] Trompeten-Fuchs
       *[other] Trompeten-Füchse
    }
orchestra-family-harp =
    { $count ->
        [one] Harfen-Eule
       *[other] Harfen-Eulen
    }
orchestra-family-cello =
    { $count ->
        [one] Cello-Hase
       *[other] Cello-Hasen
    }
orchestra-family-triangle =
    { $count ->
        [one] Triangel-Maus
       *[other] Triangel-Mäuse
    }

## orchestra.count

orchestra-count-tuba =
    { $count ->
        [one] Tuba-Bär
       *[other] { $count } Tuba-Bären
    }
orchestra-count-violin =
    { $count ->
        [one] Geigen-Katze
       *[other] { $count } Geigen-Katzen
    }
orchestra-count-flute =
    { $count ->
        [one] Flöten-Frosch
       *[other] { $count } Flöten-Frösche
    }
orchestra-count-drum =
    { $count ->
        [one] Trommel-Elefant
       *[other] { $count } Trommel-Elefanten
    }
orchestra-count-trumpet =
    { $count ->
        [one] Trompeten-Fuchs
       *[other] { $count } Trompeten-Füchse
    }
orchestra-count-harp =
    { $count ->
        [one] Harfen-Eule
       *[other] { $count } Harfen-Eulen
    }
orchestra-count-cello =
    { $count ->
        [one] Cello-Hase
       *[other] { $count } Cello-Hasen
    }
orchestra-count-triangle =
    { $count ->
        [one] Triangel-Maus
       *[other] { $count } Triangel-Mäuse
    }

## orchestra.short
# A family in the narration of a move: its instrument alone ("Tuba" for "Tuba-Bär"), as English
# names it; the opening and the table say the whole name first.

orchestra-short-tuba =
    { $count ->
        [one] Tuba
       *[other] Tuben
    }
orchestra-short-violin =
    { $count ->
        [one] Geige
       *[other] Geigen
    }
orchestra-short-flute =
    { $count ->
        [one] Flöte
       *[other] Flöten
    }
orchestra-short-drum =
    { $count ->
        [one] Trommel
       *[other] Trommeln
    }
orchestra-short-trumpet =
    { $count ->
        [one] Trompete
       *[other] Trompeten
    }
orchestra-short-harp =
    { $count ->
        [one] Harfe
       *[other] Harfen
    }
orchestra-short-cello =
    { $count ->
        [one] Cello
       *[other] Cellos
    }
orchestra-short-triangle =
    { $count ->
        [one] Triangel
       *[other] Triangeln
    }

## orchestra.short_count

orchestra-short_count-tuba =
    { $count ->
        [one] Tuba
       *[other] { $count } Tuben
    }
orchestra-short_count-violin =
    { $count ->
        [one] Geige
       *[other] { $count } Geigen
    }
orchestra-short_count-flute =
    { $count ->
        [one] Flöte
       *[other] { $count } Flöten
    }
orchestra-short_count-drum =
    { $count ->
        [one] Trommel
       *[other] { $count } Trommeln
    }
orchestra-short_count-trumpet =
    { $count ->
        [one] Trompete
       *[other] { $count } Trompeten
    }
orchestra-short_count-harp =
    { $count ->
        [one] Harfe
       *[other] { $count } Harfen
    }
orchestra-short_count-cello =
    { $count ->
        [one] Cello
       *[other] { $count } Cellos
    }
orchestra-short_count-triangle =
    { $count ->
        [one] Triangel
       *[other] { $count } Triangeln
    }

## orchestra.maestro

orchestra-maestro-perfectionist = Perfektionist: jedes Quartett bringt zwei Punkte extra.
orchestra-maestro-soloist = Solist: jeder Solist zählt zwei Punkte.
orchestra-maestro-trio = Trio: eine Familie mit genau drei Musikern zählt zwei Punkte.
orchestra-maestro-duet = Duett: eine Familie mit genau zwei Musikern zählt zwei Punkte.
orchestra-maestro-critic = Kritiker: jede Familie mit zwei oder drei Musikern kostet einen Punkt.
orchestra-maestro-collector = Sammler: wer die meisten verschiedenen Familien hat, bekommt drei Punkte, bei Gleichstand alle.
orchestra-maestro-miser = Geizhals: wer die wenigsten Musiker hat, bekommt zwei Punkte, bei Gleichstand alle.
orchestra-maestro-crowd = Menge: eine Familie mit fünf oder mehr Musikern zählt einen Punkt.

## orchestra.maestro_name

orchestra-maestro_name-perfectionist = Perfektionist
orchestra-maestro_name-soloist = Solist
orchestra-maestro_name-trio = Trio
orchestra-maestro_name-duet = Duett
orchestra-maestro_name-critic = Kritiker
orchestra-maestro_name-collector = Sammler
orchestra-maestro_name-miser = Geizhals
orchestra-maestro_name-crowd = Menge

## reason

reason-game_over = Das Spiel ist schon vorbei.
reason-unknown_action = Diesen Zug gibt es nicht.
reason-reveal_pending = Erst wird die gezogene Karte aufgedeckt.
reason-nothing_to_reveal = Es gibt nichts aufzudecken.
reason-no_such_conductor =
    { $count ->
        [one] Es gibt nur einen Dirigenten.
       *[other] Dirigent { $conductor } gibt es nicht, es gibt die Dirigenten 1 bis { $count }.
    }
reason-must_place_first =
    Zuerst muss { GENDER_OF($family) ->
        [feminine] die
        [neuter] das
       *[masculine] der
    } { $family } zu einem Dirigenten.
reason-deck_empty = Der Stapel ist leer. Nimm einen Dirigenten oder sag beenden.
reason-all_full = Alle Dirigenten sind voll. Du musst einen nehmen.
reason-must_draw_first = Du musst zuerst ziehen.
reason-nothing_to_place = Es gibt keine Karte mehr zu legen. Nimm einen Dirigenten oder sag beenden.
reason-conductor_taken = Dirigent { $conductor } ist schon vergeben, { $player } hat ihn genommen.
reason-conductor_full = Dirigent { $conductor } ist voll, dort liegen schon vier Musiker.
reason-conductor_empty = Dirigent { $conductor } hat noch keine Musiker. Einen leeren Dirigenten darfst du nicht nehmen.
reason-pass_only_at_end = Beenden geht erst nach der letzten Karte. Zieh oder nimm einen Dirigenten.
reason-player_count = Tierorchester braucht 2 bis 5 Spieler, nicht { $count }.
reason-player_names = Jeder Spieler braucht einen eigenen Namen.
reason-unknown_variant = Die Variante { $variant } kenne ich nicht. Es gibt falsche-note und grand-maestro.
reason-deck_empty_file = Die Kartendatei enthält keine Karten.
reason-deck_family_not_in_play = Die Familie { $family } ist bei { $players } Spielern nicht im Spiel.
reason-deck_too_many =
    Die Kartendatei enthält mehr als { $max ->
        [one] eine Karte
       *[other] { $max } Karten
    } von { $family }.
reason-deck_too_short =
    Für Falsche Note braucht der Stapel mindestens { $need ->
        [one] eine Karte
       *[other] { $need } Karten
    }.

## help.group: the kinds of moves "hilfe" / "help" groups
help-group-place = zu einem Dirigenten legen
help-group-take = einen Dirigenten nehmen

## orchestra.variant_name (the variants' names in the start menu)

orchestra-variant_name-falsche-note = Falsche Note
orchestra-variant_name-grand-maestro = Grand Maestro
