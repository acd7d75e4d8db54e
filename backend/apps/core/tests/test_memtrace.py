from apps.core.memtrace import malloc_summary

XML = b"""<malloc version="1">
<heap nr="0"><sizes></sizes>
<total type="fast" count="2" size="96"/>
<total type="rest" count="41" size="2097152"/>
<system type="current" size="31457280"/>
<system type="max" size="31457280"/>
</heap>
<heap nr="1"><sizes></sizes>
<total type="fast" count="0" size="0"/>
<total type="rest" count="3" size="1048576"/>
<system type="current" size="4194304"/>
<system type="max" size="5242880"/>
</heap>
<total type="fast" count="2" size="96"/>
<total type="rest" count="44" size="3145728"/>
<total type="mmap" count="2" size="401408"/>
<system type="current" size="35651584"/>
</malloc>"""


def test_the_malloc_summary_gives_each_arena_s_held_and_free_memory_and_the_mapped_blocks():
    assert malloc_summary(XML) == (
        "arena 0 held 31.5 free 2.1; arena 1 held 4.2 free 1.0; mapped 2 blocks 0.4"
    )


def test_a_trace_folder_that_does_not_exist_yet_is_made_before_the_threads_write(tmp_path, monkeypatch):
    from apps.core import memtrace

    started = []

    class Recorded:
        def __init__(self, target, args, name, daemon):
            self.name, self.out = name, args[1]

        def start(self):
            started.append((self.name, self.out))

    folder = tmp_path / "not" / "yet"
    monkeypatch.setattr(memtrace.threading, "Thread", Recorded)
    monkeypatch.setenv("MEMORY_TRACE_DIR", str(folder))
    monkeypatch.setenv("MEMORY_MALLOC_EVERY", "60")
    monkeypatch.delenv("MEMORY_TRACE_EVERY", raising=False)
    memtrace.start_from_environment()
    assert folder.is_dir()
    assert [name for name, _ in started] == ["memmalloc"] and started[0][1].parent == folder
