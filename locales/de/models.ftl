### Verwaltung der Sprachmodelle (voice-game models ...), Deutsch.


## models

models-usage = Aufruf: voice-game models list, oder install, remove oder path mit einem Sprachkürzel wie de oder en oder einem Whisper-Modell wie whisper-small.
models-unknown_language = Für die Sprache { $lang } gibt es kein Sprachmodell. Verfügbar: { $langs }.
models-unknown_model = Ein Sprachmodell namens { $name } gibt es für { $lang } nicht. Bekannte Modelle: { $names }.
models-list_header = Installierte Sprachmodelle:
models-list_item = { $lang }: { $path }
models-list_none = Es ist kein Sprachmodell installiert.
models-available = Installierbare Modelle: { $langs }.
models-download_start = Lade das Sprachmodell { $name } von { $url } herunter.
models-progress = { $percent } Prozent
models-progress_bytes = { $megabytes } Megabyte
models-bad_url = Die Download-Adresse { $url } ist keine Webadresse mit http oder https. Es wurde nichts installiert.
models-download_missing = Die Modellseite hat dieses Modell nicht. Es wurde nichts installiert.
models-download_http = Die Modellseite hat den Download mit Fehler { $code } abgelehnt. Es wurde nichts installiert.
models-download_unreachable = Die Modellseite ist nicht erreichbar; prüfe deine Internetverbindung. Es wurde nichts installiert.
models-download_timeout = Die Modellseite antwortet nicht mehr. Es wurde nichts installiert.
models-download_slow =
    Der Download dauerte länger als { $minutes ->
        [one] eine Minute
       *[other] { $minutes } Minuten
    } und wurde abgebrochen. Es wurde nichts installiert.
models-download_broken = Die Verbindung zur Modellseite ist abgebrochen. Es wurde nichts installiert.
models-download_certificate = Das Zertifikat der Modellseite ließ sich nicht prüfen, darum wurde nichts heruntergeladen.
models-download_truncated = Der Download brach nach { $received } von { $expected } Bytes ab. Es wurde nichts installiert.
models-interrupted = Du hast die Installation abgebrochen. Es wurde nichts installiert.
models-checksum_mismatch = Die heruntergeladene Datei für { $name } passt nicht zu ihrer Prüfsumme. Es wurde nichts installiert.
models-archive_bad = Die heruntergeladene Datei ist kein gültiges Zip-Archiv. Es wurde nichts installiert.
models-archive_encrypted = Das heruntergeladene Archiv ist mit einem Passwort geschützt. Es wurde nichts installiert.
models-archive_unsafe = Das Archiv enthält einen unsicheren Eintrag: { $entry }. Es wurde nichts installiert.
models-layout_bad = Das ist kein brauchbares Vosk-Sprachmodell: die Datei { $file } fehlt. Es wurde nichts installiert.
models-layout_not_a_folder = Das ist kein brauchbarer Ordner mit einem Vosk-Sprachmodell. Es wurde nichts installiert.
models-disk_error = Das Modell konnte nicht in { $path } gespeichert werden. Es wurde nichts geändert.
models-disk_full = In { $path } ist nicht genug Speicherplatz frei. Es wurde nichts installiert.
models-not_ours = { $path } wurde nicht vom Spiel installiert und bleibt darum, wie es ist.
models-installed = Das Sprachmodell für { $lang } ist installiert in { $path }.
models-removed = Das Sprachmodell für { $lang } wurde entfernt.
models-not_installed = Für { $lang } ist kein Sprachmodell installiert.
models-path = { $path }
models-available_whisper = Whisper-Modelle, die du installieren kannst: { $names }.
models-checksum_missing = Die Modellseite nennt keine Prüfsumme für { $name }, darum wurde nichts installiert.
models-installed_whisper = Das Whisper-Modell { $name } ist installiert in { $path }.
