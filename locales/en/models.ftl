### Speech model management (voice-game models ...), English.


## models

models-usage = Usage: voice-game models list, or install, remove or path followed by a language code such as de or en, or by a Whisper model such as whisper-small.
models-unknown_language = There is no speech model for the language { $lang }. Available: { $langs }.
models-unknown_model = There is no speech model called { $name } for { $lang }. Known models: { $names }.
models-list_header = Installed speech models:
models-list_item = { $lang }: { $path }
models-list_none = No speech model is installed.
models-available = Models you can install: { $langs }.
models-download_start = Downloading the speech model { $name } from { $url }.
models-progress = { $percent } percent
models-progress_bytes =
    { $megabytes ->
        [one] one megabyte
       *[other] { $megabytes } megabytes
    }
models-bad_url = The download address { $url } is not a web address starting with http or https. Nothing was installed.
models-download_missing = The model site does not have this model. Nothing was installed.
models-download_http = The model site refused the download with error { $code }. Nothing was installed.
models-download_unreachable = The model site cannot be reached; check your internet connection. Nothing was installed.
models-download_timeout = The model site stopped answering. Nothing was installed.
models-download_slow =
    The download took longer than { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    } and was stopped. Nothing was installed.
models-download_broken = The connection to the model site broke off. Nothing was installed.
models-download_certificate = The model site's certificate could not be verified, so nothing was downloaded.
models-download_truncated = The download was cut off after { $received } of { $expected } bytes. Nothing was installed.
models-interrupted = You stopped the installation. Nothing was installed.
models-checksum_mismatch = The downloaded file for { $name } does not match its checksum. Nothing was installed.
models-archive_bad = The downloaded file is not a valid zip archive. Nothing was installed.
models-archive_encrypted = The downloaded archive is password protected. Nothing was installed.
models-archive_unsafe = The archive contains an unsafe entry: { $entry }. Nothing was installed.
models-layout_bad = This is not a usable Vosk speech model: the file { $file } is missing. Nothing was installed.
models-layout_not_a_folder = This is not a usable Vosk speech model folder. Nothing was installed.
models-disk_error = The model could not be saved in { $path }. Nothing was changed.
models-disk_full = There is not enough free disk space in { $path }. Nothing was installed.
models-not_ours = { $path } was not installed by the game, so it is left as it is.
models-installed = The speech model for { $lang } is installed in { $path }.
models-removed = The speech model for { $lang } was removed.
models-not_installed = No speech model is installed for { $lang }.
models-path = { $path }
models-available_whisper = Whisper models you can install: { $names }.
models-checksum_missing = The model site did not give a checksum for { $name }, so nothing was installed.
models-installed_whisper = The Whisper model { $name } is installed in { $path }.
