package main

import (
	"bytes"
	"context"
	"testing"
	"time"
)

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	start := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	now := start
	bar := &progressBar{w: &b, start: start, now: func() time.Time { return now }}
	bar.update(0, 0, "connecting")
	now = start.Add(2 * time.Second)
	bar.update(512<<10, 1<<20, "downloaded 512 KB of 1.0 MB")
	now = start.Add(4 * time.Second)
	bar.update(2<<20, 0, "downloaded 2.0 MB")
	bar.update(3, 4, "3 of 4 calls done")
	bar.clear()
	want := "\r\033[Kconnecting" +
		"\r\033[K[===============               ]  50% downloaded 512 KB of 1.0 MB, 256 KB/s, 0:00:02 left" +
		"\r\033[Kdownloaded 2.0 MB, 512 KB/s" +
		"\r\033[K[======================        ]  75% 3 of 4 calls done, 0:00:01 left" + "\r\033[K"
	if b.String() != want {
		t.Fatalf("got %q\nwant %q", b.String(), want)
	}
	if isTerminal(&b) {
		t.Fatal("a buffer is not a terminal")
	}
	a := newApp(nil, nil, &b)
	ctx, bar := a.progress(context.Background())
	bar.clear()
	if ctx != context.Background() || bar != nil {
		t.Fatal("no progress bar without a terminal")
	}
}

func TestSilentHidesProgress(t *testing.T) {
	cases := map[string]bool{
		"-s": true, "-sSL": true, "--silent": true, "-SsL": true, "-L": false, "-H": false,
		"-Hs":  false, // -H takes the rest of the word as its value
		"-LHs": false, "-Ls": true,
	}
	for word, want := range cases {
		if got := silent([]string{word, "http://127.0.0.1/"}); got != want {
			t.Errorf("silent(%q) = %v, want %v", word, got, want)
		}
	}
	if silent([]string{"--", "-s"}) {
		t.Error("words after -- are not flags")
	}
}
