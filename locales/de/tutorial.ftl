### Tutorials (German). Lesson files: voice_game/games/<game>/tutorials/*.toml.


## tutorial

tutorial-unknown = Ein Tutorial { $course } gibt es nicht. Es gibt { $courses }.
tutorial-start = Willkommen zum Tutorial { $title }: { $count } kurze Lektionen.
tutorial-resumed = Willkommen zurück im Tutorial { $title }. Weiter mit Lektion { $number } von { $count }.
tutorial-controls = Jederzeit: weiter, zurück, wiederholen, überspringen, Tutorial beenden. Hilfe sagt, was gerade zu tun ist.
tutorial-controls_short = Immer möglich: weiter, zurück, wiederholen, überspringen, Tutorial beenden.
tutorial-lesson = Lektion { $number } von { $count }: { $title }.
tutorial-skipped = Übersprungen.
tutorial-going_back = Zurück zu Lektion { $number }.
tutorial-ended = Tutorial beendet. Beim nächsten Mal geht es mit Lektion { $number } weiter.
tutorial-input_ended = Keine Eingabe mehr. Beim nächsten Mal geht es mit Lektion { $number } weiter.
tutorial-finished = Geschafft! Du hast das Tutorial { $title } beendet. Viel Spaß beim Spielen.
tutorial-sound = { $name }.
tutorial-no_table = In dieser Lektion liegt kein Tisch aus.
tutorial-help_wait = Hör zu und sag weiter, wenn du bereit bist.
tutorial-say_next = Sag weiter, wenn du bereit bist, oder wiederholen.
tutorial-did_for_you = Ich mache das für dich: „{ $command }“.
tutorial-not_now = „{ $command }“ geht hier, aber jetzt üben wir etwas anderes.
tutorial-other_command = „{ $command }“ ist ein richtiger Befehl, aber hier üben wir etwas anderes.
tutorial-not_understood = Das habe ich nicht verstanden.
tutorial-say_exactly = Sag genau: „{ $command }“.
tutorial-say_also = Du kannst auch „{ $command }“ sagen.
tutorial-game_next = Das Übungsspiel läuft noch. Überspringen beendet es.
tutorial-did_for_you_hidden = Ich mache das für dich.
tutorial-game_left = Das Übungsspiel ist beendet.

## tutorial.sound_name

tutorial-sound_name-your_turn = Du bist dran
tutorial-sound_name-draw = Eine Karte wird gezogen
tutorial-sound_name-place = Ein Musiker wird gelegt
tutorial-sound_name-take = Ein Dirigent wird genommen
tutorial-sound_name-error = Das geht nicht
tutorial-sound_name-round_end = Eine Runde endet oder beginnt
tutorial-sound_name-game_end = Das Spiel ist aus
tutorial-sound_name-win = Sieg
tutorial-sound_name-conductor_1 = Dirigent 1, links
tutorial-sound_name-conductor_2 = Dirigent 2, Mitte
tutorial-sound_name-conductor_3 = Dirigent 3, rechts
tutorial-sound_name-turn_seat = Ein anderer ist dran: Jeder Platz hat seinen Ton

## tutorial

tutorial-orchestra-title = Tierorchester

## tutorial.orchestra.welcome

tutorial-orchestra-welcome-title = Worum es geht
tutorial-orchestra-welcome-idea = Du leitest ein Orchester aus Tieren, in Familien wie Tuba-Bären und Geigen-Katzen. In der Mitte liegt für jeden Spieler ein Dirigent.
tutorial-orchestra-welcome-goal = Punkte bringen nur Solisten, genau ein Musiker einer Familie, und Quartette, genau vier. Alles dazwischen zählt nichts.
tutorial-orchestra-welcome-ready = Sag weiter.

## tutorial.orchestra.sounds

tutorial-orchestra-sounds-title = Die Klänge
tutorial-orchestra-sounds-families = Jede Musiker-Familie hat ihren Klang:
tutorial-orchestra-sounds-events = Auch der Tisch hat Klänge:
tutorial-orchestra-sounds-conductors = Die Dirigenten liegen von links nach rechts; du hörst jeden von seiner Seite:
tutorial-orchestra-sounds-ready = Sag weiter, dann spielen wir.

## tutorial.orchestra.draw

tutorial-orchestra-draw-title = Ziehen und legen
tutorial-orchestra-draw-intro = Am Tisch sitzen du, Amadeus und Clara; drei Dirigenten liegen aus, noch ohne Musiker. Wer dran ist, zieht einen Musiker oder nimmt einen Dirigenten. Du bist dran und ziehst: Sag ziehen.
tutorial-orchestra-draw-hint = Sag ziehen.
tutorial-orchestra-draw-place = Den Musiker legst du offen zu einem Dirigenten: Sag Dirigent eins.
tutorial-orchestra-draw-place_hint = Sag Dirigent eins.
tutorial-orchestra-draw-placed = Dein Zug ist vorbei.
tutorial-orchestra-draw-table = Den ganzen Tisch hörst du jederzeit mit Tisch. Sag Tisch.
tutorial-orchestra-draw-table_hint = Sag Tisch.
tutorial-orchestra-draw-end = Sag weiter.

## tutorial.orchestra.full

tutorial-orchestra-full-title = Höchstens vier pro Dirigent
tutorial-orchestra-full-intro = Ein Dirigent nimmt höchstens vier Musiker auf. Bei Dirigent eins liegen schon vier Tuba-Bären: Er ist voll.
tutorial-orchestra-full-help = Weißt du nicht, was du sagen kannst, sag Hilfe. Probier es.
tutorial-orchestra-full-help_hint = Sag Hilfe.
tutorial-orchestra-full-ask = Jetzt zieh einen Musiker.
tutorial-orchestra-full-place = Dirigent eins ist voll. Leg ihn zu Dirigent zwei.
tutorial-orchestra-full-place_hint = Dirigent eins ist voll. Sag Dirigent zwei.
tutorial-orchestra-full-end = Ein voller Dirigent wartet nur noch darauf, genommen zu werden. Sag weiter.

## tutorial.orchestra.take

tutorial-orchestra-take-title = Einen Dirigenten nehmen
tutorial-orchestra-take-intro = Statt zu ziehen kannst du einen Dirigenten mit all seinen Musikern nehmen. Sie kommen in dein Orchester, und du setzt den Rest der Runde aus. Leer darf er nicht sein, und direkt nach dem Ziehen darfst du nicht nehmen.
tutorial-orchestra-take-ask = Bei Dirigent zwei liegt eine Harfen-Eule: ein Solist, ein Punkt. Sag Dirigent zwei nehmen.
tutorial-orchestra-take-hint = Sag Dirigent zwei nehmen.
tutorial-orchestra-take-done = Für diese Runde bist du fertig.
tutorial-orchestra-take-last = Wer als Letzter übrig ist, darf mehrmals ziehen, bis zu vier Musiker, und nimmt dann den Dirigenten.
tutorial-orchestra-take-round = Wer zuletzt nahm, beginnt die nächste Runde. Deine Musiker hörst du mit meine Karten. Sag meine Karten.
tutorial-orchestra-take-cards_hint = Sag meine Karten.
tutorial-orchestra-take-end = Sag weiter.

## tutorial.orchestra.scoring

tutorial-orchestra-scoring-title = Die Wertung
tutorial-orchestra-scoring-points = Gezählt wird am Ende. Jede Familie in deinem Orchester ist eine Gruppe: Genau ein Musiker bringt einen Punkt, genau vier bringen fünf, jede andere Zahl null. Fünf Tuba-Bären sind also null Punkte, kein Quartett mit Solist.
tutorial-orchestra-scoring-ties = Bei Gleichstand gewinnt, wer mehr Quartette hat, sonst teilt ihr den Sieg.
tutorial-orchestra-scoring-ready = Sag weiter.

## tutorial.orchestra.final

tutorial-orchestra-final-title = Die letzte Karte
tutorial-orchestra-final-intro = Im Stapel liegt nur noch ein Musiker. Hör, was nach der letzten Karte geschieht: Zieh sie.
tutorial-orchestra-final-place = Leg die Harfen-Eule zu Dirigent drei, zu Flöten-Frosch und Trommel-Elefant.
tutorial-orchestra-final-place_hint = Sag Dirigent drei.
tutorial-orchestra-final-choose = Bei Dirigent drei liegen drei Solisten, drei Punkte. Sag Dirigent drei nehmen.
tutorial-orchestra-final-choose_hint = Sag Dirigent drei nehmen. Ohne Dirigenten würdest du mit beenden aufhören.
tutorial-orchestra-final-end = So endet das Spiel. Zwei Varianten ändern es:

## tutorial.orchestra.variants

tutorial-orchestra-variants-falsche_note = Bei Falsche Note sind fünf zufällige Musiker ungesehen aus dem Spiel.
tutorial-orchestra-variants-grand_maestro = Bei Grand Maestro liegen zwei Karten mit Sonderwertungen offen, etwa zwei Extrapunkte je Quartett; mit Punkte hörst du sie wieder.
tutorial-orchestra-variants-ready = Sag weiter für ein Übungsspiel gegen Amadeus.

## tutorial.orchestra.game

tutorial-orchestra-game-title = Ein Übungsspiel
tutorial-orchestra-game-intro = Ein kurzes Spiel gegen Amadeus. Ich mache dir Vorschläge: Sag ja, oder spiel selbst.
tutorial-orchestra-game-suggest = Vorschlag: „{ $command }“.
tutorial-orchestra-game-tip_turn = Tipp: Tisch sagt dir, was bei den Dirigenten liegt.
tutorial-orchestra-game-tip_final = Tipp: Nimm einen Dirigenten, oder sag beenden.
tutorial-orchestra-game-done = Gut gespielt.

## tutorial.practice

tutorial-practice-new = Neu in deinem Orchester: { $instrument }.
tutorial-practice-pattern =
    { NUMBER_OF($instrument) ->
        [plural] Ihr
       *[singular] { GENDER_OF($instrument) ->
            [feminine] Ihr
           *[other] Sein
        }
    } Schlagmuster: { $pattern }. Merk es dir, du hörst es nicht noch einmal.
tutorial-practice-pattern_next = Merk dir: { $pattern }.
tutorial-practice-piece = Stück { $number }. Dirigiere der Reihe nach: { $instruments }.
tutorial-practice-prompt = { $instrument }?
tutorial-practice-help =
    Sag { $instrument } und { NUMBER_OF($instrument) ->
        [plural] ihr
       *[singular] { GENDER_OF($instrument) ->
            [feminine] ihr
           *[other] sein
        }
    } Schlagmuster: Auf und ab, Links rechts, Kreis, Stich, Kreuz oder Schwung. Weiter verrät das Schlagmuster.
tutorial-practice-say_like =
    Sag { $instrument } und { NUMBER_OF($instrument) ->
        [plural] ihr
       *[singular] { GENDER_OF($instrument) ->
            [feminine] ihr
           *[other] sein
        }
    } Schlagmuster, zum Beispiel { $instrument } und dann Auf und ab, Links rechts, Kreis, Stich, Kreuz oder Schwung.
tutorial-practice-other_instrument =
    Jetzt { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } { $instrument } dran.
tutorial-practice-bravo = Bravo! { $instrument }, { $pattern }.
tutorial-practice-boo =
    Buh! { $instrument } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
tutorial-practice-told =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
tutorial-practice-round_score = Gemerkt: { $right } von { $count }.
tutorial-practice-total =
    { $count ->
        [one] Insgesamt hast du dir { $right } von einem Schlagmuster gemerkt.
       *[other] Insgesamt hast du dir { $right } von { $count } Schlagmustern gemerkt.
    }

## tutorial

tutorial-concerto_practice-title = Concerto: Schlagmuster üben

## tutorial.concerto_practice.patterns

tutorial-concerto_practice-patterns-title = Schlagmuster und Instrumente
tutorial-concerto_practice-patterns-idea = In Concerto bekommt jedes Instrument deines Orchesters ein Schlagmuster. Du hörst es nur einmal, wenn das Instrument dazukommt, und musst es dir merken. Beim Dirigieren nennst du jedes Instrument des Stücks mit seinem Schlagmuster.
tutorial-concerto_practice-patterns-six = Es gibt sechs Schlagmuster: Auf und ab, Links rechts, Kreis, Stich, Kreuz wie ein X, und Schwung, nach rechts oben und schnell nach links unten. Jedes hat seinen Klang.
tutorial-concerto_practice-patterns-instruments = Und jedes der neun Instrumente hat seinen Klang.
tutorial-concerto_practice-patterns-ready = Sag weiter, dann üben wir.

## tutorial.concerto_practice.drill

tutorial-concerto_practice-drill-title = Dirigieren üben
tutorial-concerto_practice-drill-intro = Dein Orchester wächst mit jedem Stück um ein Instrument. Ich frage nach jedem Instrument; sag es mit seinem Schlagmuster.
tutorial-concerto_practice-drill-done = Gut geübt. Im Spiel zählt jedes richtige Stück Punkte.

## tutorial

tutorial-concerto_maestro-title = Concerto: die Maestro-Dirigenten

## tutorial.concerto_maestro.rules

tutorial-concerto_maestro-rules-title = Die Maestro-Version
tutorial-concerto_maestro-rules-draw = In der Maestro-Version wird zu Beginn und nach jedem gelungenen Stück eine Dirigentenkarte gezogen und einmal vorgelesen; dann liegt sie verdeckt, du musst dir ihre Eigenheit merken.
tutorial-concerto_maestro-rules-points = Erfüllst du sie beim nächsten gelungenen Stück, gibt es zwei Punkte extra, sonst zwei weniger. Misslingt das Stück, zählt die Karte nicht und bleibt liegen. Gewonnen ist mit 40, 32 oder 26 Punkten bei zwei, drei oder vier Spielern.
tutorial-concerto_maestro-rules-kinds = Manche Karten verlangen eine Handlung beim Dirigieren, etwa rückwärts dirigieren, andere eine Bedingung, etwa dass der jüngste Spieler dirigiert. Das Spiel prüft beides.
tutorial-concerto_maestro-rules-ready = Sag weiter, dann probierst du eine Karte aus.

## tutorial.concerto_maestro.try

tutorial-concerto_maestro-try-title = Eine Dirigentenkarte ausprobieren
tutorial-concerto_maestro-try-intro = Ein Tisch mit Dirigentenkarten. Die erste ist gezogen:
tutorial-concerto_maestro-try-start = Merk sie dir. Jetzt dein Startorchester: Sag Orchester Sonstige Blechbläser, und hör gut zu.
tutorial-concerto_maestro-try-start_hint = Sag Orchester Sonstige Blechbläser.
tutorial-concerto_maestro-try-piece = Das grüne Stück braucht Blechbläser, dann Sonstige. Sag grünes Stück dirigieren, und denk an die Karte.
tutorial-concerto_maestro-try-piece_hint = Sag grünes Stück dirigieren.
tutorial-concerto_maestro-try-first = Kerbert will es rückwärts: Welches Instrument kommt zuerst, und mit welchem Schlagmuster?
tutorial-concerto_maestro-try-first_hint = Rückwärts heißt: das letzte Instrument des Stücks zuerst. Sag es mit seinem Schlagmuster.
tutorial-concerto_maestro-try-second = Und jetzt das andere.
tutorial-concerto_maestro-try-second_hint = Sag das andere Instrument des Stücks mit seinem Schlagmuster.
tutorial-concerto_maestro-try-failed = Misslungen. Dann zählt die Karte nicht: Sie bleibt, bis ein Stück gelingt.
tutorial-concerto_maestro-try-success = Die nächste Karte ist schon gezogen und gilt bis zum nächsten gelungenen Stück. Gib jetzt ein Instrument des Stücks ab.
tutorial-concerto_maestro-try-give_up_hint = Sag Sonstige abgeben oder Blechbläser abgeben.
tutorial-concerto_maestro-try-end = Sag weiter.

## tutorial.concerto_maestro.examples

tutorial-concerto_maestro-examples-title = Zwei weitere Karten
tutorial-concerto_maestro-examples-prerequisite = Eine Bedingung:
tutorial-concerto_maestro-examples-free = Und eine, bei der du Glück haben kannst: Kommt das Genannte im Stück nicht vor, gibt es die zwei Punkte trotzdem.
tutorial-concerto_maestro-examples-ready = Sag weiter, dann spielst du mit den Karten.

## tutorial.concerto_maestro

tutorial-concerto_maestro-commands-ignore = Du darfst eine Karte auch absichtlich nicht beachten, etwa mit grünes Stück dirigieren ohne Dirigentenkarte; dann nimmst du die zwei Minuspunkte in Kauf.
tutorial-concerto_maestro-commands-again = Die Karte wird nur einmal vorgelesen. Mit der Variante Dirigentenkarte sichtbar hörst du sie mit Tisch wieder.

## tutorial.concerto_maestro.game

tutorial-concerto_maestro-game-title = Ein Maestro-Übungsspiel
tutorial-concerto_maestro-game-intro = Ein kurzes Spiel gegen Amadeus mit drei Stücken und wechselnden Dirigentenkarten. Ich mache dir Vorschläge: Sag ja, oder spiel selbst.
tutorial-concerto_maestro-game-tip_conduct = Tipp: Denk an die Dirigentenkarte, wenn du die Instrumente nennst.
tutorial-concerto_maestro-game-done = Gut gespielt! Jetzt kennst du die Maestro-Version.

## tutorial

tutorial-concerto-title = Concerto

## tutorial.concerto.welcome

tutorial-concerto-welcome-title = Worum es geht
tutorial-concerto-welcome-idea = In Concerto baust du ein Orchester aus Instrumentenkarten. Jedes neue Instrument bekommt ein Schlagmuster, eine Bewegung mit dem Taktstock. Du hörst es ein einziges Mal und musst es dir merken.
tutorial-concerto-welcome-turn = Drei Stücke liegen offen: grün ist leicht, gelb mittel, orange schwer. Jedes nennt seine Instrumente in fester Reihenfolge. Hat dein Orchester alle, dirigierst du: jedes Instrument mit seinem Schlagmuster, in dieser Reihenfolge.
tutorial-concerto-welcome-goal = Gelingt es, bekommst du die Punkte des Stücks. Das Spiel ist der Schiedsrichter und prüft jedes Paar sofort.
tutorial-concerto-welcome-ready = Sag weiter.

## tutorial.concerto.sounds

tutorial-concerto-sounds-title = Die Klänge
tutorial-concerto-sounds-instruments = Jedes der neun Instrumente hat seinen Klang:
tutorial-concerto-sounds-synonyms = Du darfst sie auch anders nennen: Tuba oder Horn heißt Blechbläser, Geige oder Cello Streicher, Flöte Holzbläser, Harfe oder Orgel Sonstige, Pauke oder Trommel Schlagwerk.
tutorial-concerto-sounds-patterns = Die sechs Schlagmuster; der Taktstock zeigt dabei von dir weg:
tutorial-concerto-sounds-up_down = Auf und ab: senkrecht hoch und runter
tutorial-concerto-sounds-left_right = Links rechts: waagerecht hin und her
tutorial-concerto-sounds-circle = Kreis: im Kreis
tutorial-concerto-sounds-stab = Stich: nach vorn stechen
tutorial-concerto-sounds-cross = Kreuz: ein X
tutorial-concerto-sounds-swoosh = Schwung: nach rechts oben, dann schnell nach links unten
tutorial-concerto-sounds-events = Und die Klänge am Tisch:
tutorial-concerto-sounds-draw = Eine Karte wird gezogen
tutorial-concerto-sounds-place = Ein Instrument kommt ins Orchester
tutorial-concerto-sounds-applause = Applaus: Ein Schlag oder ein Stück ist gelungen
tutorial-concerto-sounds-boos = Buhrufe: Ein Schlag war falsch
tutorial-concerto-sounds-ready = Sag weiter, dann geht es an den Tisch.

## tutorial.concerto.start

tutorial-concerto-start-title = Das Startorchester
tutorial-concerto-start-intro = Du spielst gegen Amadeus. Jeder hat fünf Instrumente und eine Sonderkarte. Hör sie dir an: Sag meine Karten.
tutorial-concerto-start-cards_hint = Sag meine Karten.
tutorial-concerto-start-choose = Zwei verschiedene davon legst du als Startorchester vor dich, von links nach rechts; die Reihenfolge bleibt für immer. Sag Orchester Sonstige Blechbläser, und hör gut zu.
tutorial-concerto-start-hint = Sag Orchester Sonstige Blechbläser.
tutorial-concerto-start-done = Jedes Schlagmuster wird nur dieses eine Mal angesagt.
tutorial-concerto-start-others = Die von Amadeus hörst du auch: Im Kartenspiel sieht jeder die der anderen, nur nicht die eigenen.
tutorial-concerto-start-end = Jetzt hat jeder drei Instrumente und eine Sonderkarte auf der Hand. Sag weiter.

## tutorial.concerto.place

tutorial-concerto-place-title = Ein Instrument einsetzen
tutorial-concerto-place-intro = In deinem Zug machst du genau eins: ein Instrument einsetzen, eine Sonderkarte spielen, Karten tauschen, ein Stück tauschen oder dirigieren.
tutorial-concerto-place-rule = Ein neues Instrument kommt rechts an dein Orchester, jedes nur einmal. Sag Klavier einsetzen, und hör zu.
tutorial-concerto-place-hint = Sag Klavier einsetzen.
tutorial-concerto-place-done = Merk es dir gut: Es wird nie wieder angesagt.
tutorial-concerto-place-end = Je mehr Instrumente, desto mehr musst du dir merken. Sag weiter.

## tutorial.concerto.refill

tutorial-concerto-refill-title = Arbeitsmarkt und Auffüllen
tutorial-concerto-refill-intro = Nach deiner Aktion füllst du auf drei Instrumente auf: verdeckt mit Karte ziehen, oder offen vom Arbeitsmarkt, wo immer zwei verschiedene liegen, gerade Holzbläser und Chor. Sag Holzbläser vom Markt.
tutorial-concerto-refill-hint = Sag Holzbläser vom Markt.
tutorial-concerto-refill-done = Der Markt wird wieder aufgefüllt, und Amadeus ist dran.
tutorial-concerto-refill-table = Mit Tisch hörst du jederzeit die Stücke, den Markt und alle Orchester. Sag Tisch.
tutorial-concerto-refill-table_hint = Sag Tisch.
tutorial-concerto-refill-end = Meine Karten sagt dir deine Hand und dein Orchester. Sag weiter.

## tutorial.concerto.swap

tutorial-concerto-swap-title = Handkarten tauschen
tutorial-concerto-swap-intro = Passen dir deine Karten nicht, legst du als Aktion eine bis vier ab, auch die Sonderkarte, und nimmst neue. Die Gitarre brauchst du nicht: Sag Gitarre tauschen.
tutorial-concerto-swap-hint = Sag Gitarre tauschen.
tutorial-concerto-swap-draw = Jetzt füll auf, diesmal verdeckt: Sag Karte ziehen.
tutorial-concerto-swap-draw_hint = Sag Karte ziehen.
tutorial-concerto-swap-done = Die neue Karte hörst nur du.
tutorial-concerto-swap-end = Mehrere Karten tauschst du etwa mit Gitarre Klavier tauschen. Sag weiter.

## tutorial.concerto.replace

tutorial-concerto-replace-title = Ein offenes Stück tauschen
tutorial-concerto-replace-intro = Gefällt dir ein offenes Stück nicht, legst du es als Aktion unter seinen Stapel, und das nächste derselben Farbe kommt. Das gelbe braucht Streicher, Sonstige und Holzbläser. Sag gelbes Stück tauschen.
tutorial-concerto-replace-hint = Sag gelbes Stück tauschen.
tutorial-concerto-replace-done = Deine Hand ist voll, also ist dein Zug damit vorbei.
tutorial-concerto-replace-end = Sag weiter.

## tutorial.concerto.specials

tutorial-concerto-specials-title = Sonderkarten
tutorial-concerto-specials-intro = Statt einer Aktion kannst du deine Sonderkarte spielen; sie wirkt sofort.
tutorial-concerto-specials-rehearsal = Du hast eine Probe: Damit hörst du das Schlagmuster eines deiner Instrumente noch einmal, nur du. Sag Probe Sonstige.
tutorial-concerto-specials-rehearsal_hint = Sag Probe Sonstige.
tutorial-concerto-specials-rehearsal_done = Weil du keine Sonderkarte mehr hast, bekommst du am Zugende eine neue.
tutorial-concerto-specials-audition = Deine neue Karte ist ein Vorspiel: Du nimmst ein Instrument vom Ablagestapel auf die Hand. Dort liegt deine Gitarre. Sag Vorspiel Gitarre.
tutorial-concerto-specials-audition_hint = Sag Vorspiel Gitarre.
tutorial-concerto-specials-audition_done = Gitarren sind selten: Es gibt nur drei.
tutorial-concerto-specials-others = Die anderen vier:
tutorial-concerto-specials-headhunter = Headhunter: Tausche ein Instrument samt Schlagmuster gegen eines aus dem Orchester eines Gegners.
tutorial-concerto-specials-sabotage = Sabotage: Vertausche die Schlagmuster zweier Instrumente eines Gegners.
tutorial-concerto-specials-job_sharing = Jobsharing: Tausche ein Instrument deines Orchesters gegen eines vom Arbeitsmarkt; Platz und Schlagmuster bleiben.
tutorial-concerto-specials-repertoire = Repertoire: Alle drei offenen Stücke werden ausgetauscht.
tutorial-concerto-specials-end = Headhunter und Sabotage sagst du mit dem Gegner, etwa Sabotage Spieler 2 Streicher gegen Schlagwerk. Sag weiter.

## tutorial.concerto.conduct

tutorial-concerto-conduct-title = Ein Stück dirigieren
tutorial-concerto-conduct-intro = Jetzt wird dirigiert. Ein neuer Tisch: Sag Orchester Sonstige Blechbläser, und hör gut zu.
tutorial-concerto-conduct-start_hint = Sag Orchester Sonstige Blechbläser.
tutorial-concerto-conduct-piece = Das grüne Stück, Trumpet Voluntary, bringt zwei Punkte und braucht Blechbläser, dann Sonstige. Es zählt die Reihenfolge des Stücks, nicht die deines Orchesters. Sag grünes Stück dirigieren.
tutorial-concerto-conduct-hint = Sag grünes Stück dirigieren.
tutorial-concerto-conduct-first = Sag es so: Geige Kreuz, Geige heißt Streicher. Zuerst die Blechbläser: Was schlagen sie?
tutorial-concerto-conduct-first_hint = Sag Blechbläser oder Tuba und das Schlagmuster, das du dir gemerkt hast: Auf und ab, Links rechts, Kreis, Stich, Kreuz oder Schwung. Mit weiter dirigiere ich für dich.
tutorial-concerto-conduct-second = Jetzt die Sonstigen.
tutorial-concerto-conduct-second_hint = Sag Sonstige und das Schlagmuster, das du dir gemerkt hast.
tutorial-concerto-conduct-failed = Das Stück ist misslungen: keine Punkte, und das falsch geschlagene Instrument ist weg. Mehr dazu in der nächsten Lektion.
tutorial-concerto-conduct-success = Gelungen! Aber ein Musiker des Stücks wird abgeworben: Gib eines seiner Instrumente ab, samt Schlagmuster, zum Beispiel mit Sonstige abgeben.
tutorial-concerto-conduct-give_up_hint = Sag Sonstige abgeben oder Blechbläser abgeben.
tutorial-concerto-conduct-scores = Den Punktestand hörst du mit Punkte. Sag Punkte.
tutorial-concerto-conduct-scores_hint = Sag Punkte.
tutorial-concerto-conduct-winning = Wer zuerst 30 Punkte hat, gewinnt, bei drei Spielern 25, bei vier 20. Grüne Stücke bringen 2 bis 4 Punkte, gelbe 4 bis 6, orange 7 bis 9. Gibt es keine Stücke mehr, gewinnt, wer vorn liegt.
tutorial-concerto-conduct-end = Sag weiter.

## tutorial.concerto.fail

tutorial-concerto-fail-title = Ein falscher Schlag
tutorial-concerto-fail-intro = Was kostet ein Fehler? Hör es dir an, am selben Tisch wie eben. Sag grünes Stück dirigieren.
tutorial-concerto-fail-hint = Sag grünes Stück dirigieren.
tutorial-concerto-fail-wrong = Nenne für die Blechbläser absichtlich ein falsches Schlagmuster, zum Beispiel Tuba Stich.
tutorial-concerto-fail-wrong_hint = Sag ein Instrument des Stücks und ein falsches Schlagmuster, zum Beispiel Tuba Stich.
tutorial-concerto-fail-right_anyway = Das war richtig! Dann nenne für die Sonstigen ein falsches, zum Beispiel Sonstige Kreuz.
tutorial-concerto-fail-cost = So klingt es: keine Punkte, und Stück und Instrument sind weg. Vergisst Amadeus ein Schlagmuster, trifft es ihn genauso.
tutorial-concerto-fail-lucky = Alles richtig, das Stück ist gelungen. Gib eines seiner Instrumente ab.
tutorial-concerto-fail-end = Sag weiter, dann spielst du ein kurzes Übungsspiel.

## tutorial.concerto.game

tutorial-concerto-game-title = Ein Übungsspiel
tutorial-concerto-game-intro = Ein kurzes Spiel gegen Amadeus mit nur drei Stücken. Ich mache dir Vorschläge: Sag ja, oder spiel selbst.
tutorial-concerto-game-suggest = Vorschlag: „{ $command }“.
tutorial-concerto-game-suggest_hidden = Beim Dirigieren verrate ich die Schlagmuster nicht. Sag ja, dann dirigiere ich den Schlag für dich, so gut ich ihn mir gemerkt habe.
tutorial-concerto-game-tip_setup = Tipp: Wähle Instrumente, die die offenen Stücke brauchen.
tutorial-concerto-game-tip_action = Tipp: Hat dein Orchester alle Instrumente eines Stücks, dirigiere es.
tutorial-concerto-game-tip_conduct = Tipp: Nenne immer das Instrument, das gerade dran ist.
tutorial-concerto-game-tip_give_up = Tipp: Gib am besten eines ab, das du dir schlecht merken kannst.
tutorial-concerto-game-done = Gut gespielt! Jetzt kennst du Concerto.

## tutorial.course (each course's name in the tutorials menu)

tutorial-course-orchestra = Tutorial Tierorchester
tutorial-course-concerto = Tutorial Concerto
tutorial-course-concerto-practice = Concerto: Schlagmuster üben
tutorial-course-concerto-maestro = Concerto: die Maestro-Dirigenten

## tutorial.tools (the tools every course practises: history, detail, rules, stop, keys)

tutorial-tools-previous = Was gesagt wurde, bleibt im Verlauf. Vorherige Nachricht sagt die letzte noch einmal, die Taste Komma auch; Punkt geht wieder vor. Sag vorherige Nachricht.
tutorial-tools-previous_hint = Sag vorherige Nachricht, oder drück Komma.
tutorial-tools-since = Was seit deinem letzten Zug geschah, hörst du mit seit meinem Zug. Sag seit meinem Zug.
tutorial-tools-since_hint = Sag seit meinem Zug.
tutorial-tools-verbose = Wie viel die Ansagen sagen, stellst du ein: ausführlich, normal oder kurz. Die Taste V wechselt reihum. Sag ausführlich.
tutorial-tools-verbose_hint = Sag ausführlich, oder drück V.
tutorial-tools-brief = Jetzt das Gegenteil: Sag kurz.
tutorial-tools-brief_hint = Sag kurz, oder drück V noch einmal.
tutorial-tools-normal = Und zurück: Sag normal.
tutorial-tools-normal_hint = Sag normal, oder drück V noch einmal.
tutorial-tools-rules = Die Regeln hörst du jederzeit mit Regeln, oder mit der Taste G. Sie sind lang: Sobald du genug hast, sag stopp. Sag jetzt Regeln.
tutorial-tools-rules_hint = Sag Regeln, oder drück G.
tutorial-tools-stop_hint = Sag stopp.
tutorial-tools-stop_done = Mit stopp unterbrichst du jede Ansage, jede Taste tut das auch.
tutorial-tools-keys = Die Taste K sagt dir alle Tasten. O sagt den Tisch, M deine Karten, S die Punkte, F1 die Hilfe.
tutorial-tools-end = Sag weiter.

## tutorial.orchestra.tools

tutorial-orchestra-tools-title = Den Tisch im Ohr
tutorial-orchestra-tools-intro = Ein paar Werkzeuge helfen dir, den Tisch zu hören, ohne zu spielen. Erst ziehen Amadeus und Clara, hör zu.
tutorial-orchestra-tools-row = Du bist dran. Was bei einem Dirigenten liegt, fragst du, ohne zu legen: Sag was liegt bei Dirigent eins. Getippt reicht Dirigent 1 mit Fragezeichen.
tutorial-orchestra-tools-row_hint = Sag was liegt bei Dirigent eins.
tutorial-orchestra-tools-cards_of = Die Musiker eines anderen hörst du mit seinem Namen. Sag Musiker von Amadeus.
tutorial-orchestra-tools-cards_of_hint = Sag Musiker von Amadeus.

## tutorial.concerto.tools

tutorial-concerto-tools-title = Den Tisch im Ohr
tutorial-concerto-tools-intro = Ein paar Werkzeuge helfen dir, den Tisch zu hören, ohne zu spielen. Erst ist Amadeus dran, hör zu.
tutorial-concerto-tools-pieces = Du bist dran. Die offenen Stücke mit ihren Instrumenten hörst du mit Stücke. Sag Stücke.
tutorial-concerto-tools-pieces_hint = Sag Stücke.
tutorial-concerto-tools-orchestra_of = Das Orchester eines anderen hörst du mit seinem Namen. Sag Orchester von Amadeus.
tutorial-concerto-tools-orchestra_of_hint = Sag Orchester von Amadeus.
tutorial-concerto-tools-explain = Was eine Sonderkarte tut, sagt dir was macht und ihr Name. Sag was macht Headhunter.
tutorial-concerto-tools-explain_hint = Sag was macht Headhunter.
tutorial-concerto-tools-discard = Was abgelegt wurde, hörst du mit Ablagestapel. Sag Ablagestapel.
tutorial-concerto-tools-discard_hint = Sag Ablagestapel.
