"""A private PulseAudio server with virtual devices, for tests and benchmarks.

    with SoundServer() as srv:          # starts pulseaudio, sets PULSE_SERVER
        srv.use_for_sounddevice()       # re-initialises PortAudio to see "pulse"
        rec = srv.record("speakers.monitor")
        ... play to sounddevice device "pulse" ...
        audio = rec.stop()              # int16 (n, channels) what reached the sink

The server runs in the foreground as our child (no daemonising, no pid file),
with its own runtime/state/home directories under a temporary folder, so it
never touches a user's or another test's server. It loads:

* ``module-native-protocol-unix`` on ``<tmp>/runtime/native`` (anonymous auth),
* ``module-null-sink`` ``speakers`` (stereo, the game's output; its
  ``speakers.monitor`` source is what "came out of the loudspeakers"),
* ``module-null-sink`` ``micsink`` (mono 16 kHz; play speech *into* it) and
* ``module-remap-source`` ``virtmic`` on ``micsink.monitor``: the microphone.

Clients find it through ``PULSE_SERVER`` (set in ``os.environ`` while the
server runs; ALSA's pulse plugin from libasound2-plugins honours it, so
sounddevice reaches it as device ``"pulse"``). Autospawning another server is
switched off through a private ``PULSE_CLIENTCONFIG``.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ENV_KEYS = ("PULSE_SERVER", "PULSE_CLIENTCONFIG", "PULSE_SINK", "PULSE_SOURCE")


class SoundServerError(RuntimeError):
    pass


def available() -> str | None:
    """None if a private server can be started here, else the reason why not."""
    for tool in ("pulseaudio", "pactl", "parec", "pacat"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install pulseaudio pulseaudio-utils)"
    return None


class Recorder:
    """``parec`` capturing a source into memory, with arrival timestamps."""

    def __init__(self, server: SoundServer, source: str, rate: int, channels: int,
                 latency_ms: int = 10):
        self.rate = rate
        self.channels = channels
        self._server = server
        self._sink = {"speakers.monitor": "speakers", "micsink.monitor": "micsink",
                      "virtmic": "micsink"}.get(source)
        self._chunks: list[bytes] = []
        self.arrivals: list[tuple[int, float]] = []  # (frames received so far, perf_counter)
        self._frames = 0
        self._proc = subprocess.Popen(
            ["parec", "-d", source, "--raw", "--format=s16le", f"--rate={rate}",
             f"--channels={channels}", f"--latency-msec={latency_ms}",
             f"--process-time-msec={max(1, latency_ms // 2)}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=server.env())
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        frame_bytes = 2 * self.channels
        pending = b""
        while True:
            data = os.read(fd, 4096)
            if not data:
                return
            now = time.perf_counter()
            pending += data
            usable = len(pending) - len(pending) % frame_bytes
            if usable:
                self._chunks.append(pending[:usable])
                pending = pending[usable:]
                self._frames += usable // frame_bytes
                self.arrivals.append((self._frames, now))

    @property
    def count(self) -> int:
        """Frames captured so far (use as a position to cut :meth:`frames` later)."""
        return self._frames

    def wait_started(self, timeout: float = 5.0) -> bool:
        """Wait until the first audio arrived (the monitor stream is running).

        An idle null sink sleeps up to 2 s between renders and does not wake up
        when a recorder connects to its monitor; suspending and resuming the
        sink restarts its clock with the recorder's short latency.
        """
        deadline = time.perf_counter() + timeout
        kicked = False
        start = time.perf_counter()
        while time.perf_counter() < deadline:
            if self.arrivals:
                return True
            if not kicked and time.perf_counter() - start > 0.05 and self._sink:
                kicked = True
                self._server.pactl("suspend-sink", self._sink, "1", check=False)
                self._server.pactl("suspend-sink", self._sink, "0", check=False)
            time.sleep(0.005)
        return False

    def tail(self, frames: int) -> np.ndarray:
        """The last ``frames`` frames captured (fewer while less has arrived)."""
        want = frames * 2 * self.channels
        parts: list[bytes] = []
        have = 0
        for chunk in reversed(self._chunks[:]):
            parts.append(chunk)
            have += len(chunk)
            if have >= want:
                break
        data = b"".join(reversed(parts))[-want:] if want else b""
        return np.frombuffer(data, dtype="<i2").reshape(-1, self.channels)

    def quiet_for(self, seconds: float, floor: float = 200.0, window_ms: int = 20) -> bool:
        """Whether the last ``seconds`` of captured audio carried no sound: every
        ``window_ms`` window's RMS (16-bit steps) below ``floor``. Counted in captured
        audio, not wall time: a recorder that lags behind a busy machine waits longer,
        never shorter."""
        n = int(seconds * self.rate)
        audio = self.tail(n)
        if n <= 0 or len(audio) < n:
            return False
        w = max(1, self.rate * window_ms // 1000)
        k = len(audio) // w
        x = audio[: k * w].astype(np.float64).reshape(k, -1)
        return bool(np.sqrt((x ** 2).mean(axis=1)).max() < floor)

    def sounded_since(self, frame: int, floor: float = 200.0, window_ms: int = 20) -> bool:
        """Whether any ``window_ms`` window captured from ``frame`` on had an RMS of
        ``floor`` or more."""
        audio = self.tail(max(0, self.count - frame))
        w = max(1, self.rate * window_ms // 1000)
        k = len(audio) // w
        if k == 0:
            return False
        x = audio[: k * w].astype(np.float64).reshape(k, -1)
        return bool(np.sqrt((x ** 2).mean(axis=1)).max() >= floor)

    def wait_sound(self, timeout: float, since: int = 0, floor: float = 200.0) -> bool:
        """Wait until :meth:`sounded_since` ``since``; False after ``timeout`` seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.sounded_since(since, floor):
                return True
            time.sleep(0.02)
        return False

    def wait_quiet(self, seconds: float, timeout: float, floor: float = 200.0) -> bool:
        """Wait until :meth:`quiet_for` ``seconds``; False after ``timeout`` seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.quiet_for(seconds, floor):
                return True
            time.sleep(0.05)
        return False

    def frames(self) -> np.ndarray:
        data = b"".join(self._chunks)
        return np.frombuffer(data, dtype="<i2").reshape(-1, self.channels).copy()

    def time_of_frame(self, frame: int) -> float | None:
        """Approximate wall time (perf_counter) at which ``frame`` was captured."""
        for count, t in self.arrivals:
            if count > frame:
                return t - (count - frame) / self.rate
        return None

    def stop(self) -> np.ndarray:
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._thread.join(timeout=3)
        return self.frames()


class SoundServer:
    """Start/stop a private PulseAudio server (see the module doc)."""

    def __init__(self, speakers_rate: int = 44100, mic_rate: int = 16000, set_env: bool = True):
        self.speakers_rate = speakers_rate
        self.mic_rate = mic_rate
        self.set_env = set_env
        self.dir: Path | None = None
        self.proc: subprocess.Popen | None = None
        self._saved_env: dict[str, str | None] = {}

    # ------------------------------------------------------------------ paths

    @property
    def socket(self) -> Path:
        assert self.dir is not None
        return self.dir / "runtime" / "native"

    @property
    def server(self) -> str:
        return f"unix:{self.socket}"

    def env(self) -> dict[str, str]:
        """Environment for a child process that should talk to this server."""
        env = dict(os.environ)
        env.update(self._client_env())
        return env

    def _client_env(self) -> dict[str, str]:
        assert self.dir is not None
        return {"PULSE_SERVER": self.server,
                "PULSE_CLIENTCONFIG": str(self.dir / "client.conf")}

    # ------------------------------------------------------------------ lifecycle

    def start(self, timeout: float = 10.0) -> SoundServer:
        reason = available()
        if reason:
            raise SoundServerError(reason)
        if self.dir is None:
            self.dir = Path(tempfile.mkdtemp(prefix="vg-pulse-"))
            for sub in ("runtime", "state", "home"):
                (self.dir / sub).mkdir(mode=0o700)
            (self.dir / "client.conf").write_text("autospawn = no\n")
        elif self.socket.exists():
            self.socket.unlink()  # left behind by kill()
        env = dict(os.environ)
        env.update({
            "HOME": str(self.dir / "home"),
            "XDG_RUNTIME_DIR": str(self.dir / "runtime"),
            "XDG_CONFIG_HOME": str(self.dir / "home" / ".config"),
            "PULSE_RUNTIME_PATH": str(self.dir / "runtime"),
            "PULSE_STATE_PATH": str(self.dir / "state"),
        })
        for key in ENV_KEYS:
            env.pop(key, None)
        args = [
            "pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1", "--system=false",
            "--use-pid-file=false", "--disallow-exit", "--disallow-module-loading=false",
            # no shared memory: its memfd blocks crashed the server 11 minutes into the duplex
            # benchmark (memblock.c "n_imported > 0" assertion, pulseaudio issue 824 in its log)
            "--disable-shm=yes",
            "--log-target=file:" + str(self.dir / "pulse.log"), "--log-level=warning",
            "-L", f"module-native-protocol-unix socket={self.socket} auth-anonymous=1",
            "-L", f"module-null-sink sink_name=speakers rate={self.speakers_rate} channels=2"
                  " sink_properties=device.description=speakers",
            "-L", f"module-null-sink sink_name=micsink rate={self.mic_rate} channels=1"
                  " sink_properties=device.description=micsink",
            "-L", "module-remap-source source_name=virtmic master=micsink.monitor"
                  " source_properties=device.description=virtmic",
        ]
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                log = self.log()
                self._cleanup_dir()
                raise SoundServerError(f"pulseaudio exited with {self.proc.returncode}: {log[-2000:]}")
            if self.socket.exists() and self.pactl("info", check=False).returncode == 0:
                break
            time.sleep(0.05)
        else:
            self.stop()
            raise SoundServerError("pulseaudio did not come up in time")
        self.pactl("set-default-sink", "speakers")
        self.pactl("set-default-source", "virtmic")
        if self.set_env and not self._saved_env:
            for key, value in self._client_env().items():
                self._saved_env[key] = os.environ.get(key)
                os.environ[key] = value
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        for key, value in self._saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._saved_env.clear()
        self._cleanup_dir()

    def kill(self) -> None:
        """Make the server vanish abruptly (device-loss tests); files stay for restart()."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def restart(self, timeout: float = 10.0) -> SoundServer:
        """Start the server again at the same socket after :meth:`kill`."""
        if self.dir is None:
            raise SoundServerError("restart() needs a server that was started")
        self.kill()
        return self.start(timeout)

    def _cleanup_dir(self) -> None:
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> SoundServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    # ------------------------------------------------------------------ tools

    def log(self) -> str:
        try:
            return (self.dir / "pulse.log").read_text(errors="replace") if self.dir else ""
        except OSError:
            return ""

    def pactl(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        res = subprocess.run(["pactl", *args], env=self.env(), capture_output=True, text=True,
                             timeout=10)
        if check and res.returncode != 0:
            raise SoundServerError(f"pactl {' '.join(args)}: {res.stderr.strip()}")
        return res

    def record(self, source: str = "speakers.monitor", rate: int | None = None,
               channels: int | None = None, latency_ms: int = 10) -> Recorder:
        if source.startswith("speakers"):
            rate, channels = rate or self.speakers_rate, channels or 2
        else:
            rate, channels = rate or self.mic_rate, channels or 1
        return Recorder(self, source, rate, channels, latency_ms)

    def play_into(self, sink: str, data: np.ndarray, rate: int) -> None:
        """Play int16 audio into a sink with ``pacat`` (e.g. speech into ``micsink``)."""
        data = np.ascontiguousarray(data, dtype="<i2")
        channels = 1 if data.ndim == 1 else data.shape[1]
        subprocess.run(["pacat", "-d", sink, "--raw", "--format=s16le", f"--rate={rate}",
                        f"--channels={channels}"], input=data.tobytes(), env=self.env(),
                       check=True, timeout=60)

    @staticmethod
    def use_for_sounddevice():
        """Re-initialise PortAudio so that it sees the server (device "pulse").

        PortAudio lists ALSA's "pulse" device only if a server answered when it
        was initialised, and sounddevice initialises at import. This closes every
        open sounddevice stream of the process.
        """
        from voice_game.audio import portaudio

        sd = portaudio.reinitialize()
        if sd is None:
            raise OSError(f"PortAudio cannot start: {portaudio.problem()}")
        return sd
