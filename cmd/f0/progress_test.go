package main

import (
	"bytes"
	"context"
	"testing"
)

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	bar := &progressBar{w: &b}
	bar.update(512, 1024, "downloaded 512 B of 1.0 KB")
	bar.update(2048, 0, "downloaded 2.0 KB")
	bar.clear()
	want := "\r\033[K[===============               ]  50% downloaded 512 B of 1.0 KB" +
		"\r\033[Kdownloaded 2.0 KB" + "\r\033[K"
	if b.String() != want {
		t.Fatalf("got %q\nwant %q", b.String(), want)
	}
	if isTerminal(&b) {
		t.Fatal("a buffer is not a terminal")
	}
	a := newApp(nil, nil, &b)
	ctx, done := a.progress(context.Background())
	done()
	if ctx != context.Background() {
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
