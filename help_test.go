package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// flagRE matches a flag in a command line: "-name" not inside a word.
var flagRE = regexp.MustCompile(`(?:^|[\s\[|(])-([a-z][a-z0-9-]*)`)

// usageFlags returns the flags `sightline help` shows for each subcommand:
// a line "  sightline SUB ..." and the more deeply indented lines after it.
func usageFlags() map[string]map[string]bool {
	flags := map[string]map[string]bool{}
	sub := ""
	for _, l := range strings.Split(usage(), "\n") {
		switch f := strings.Fields(l); {
		case len(f) >= 2 && f[0] == "sightline":
			sub = f[1]
		case !strings.HasPrefix(l, "    "):
			sub = ""
		}
		if sub == "" {
			continue
		}
		if flags[sub] == nil {
			flags[sub] = map[string]bool{}
		}
		for _, m := range flagRE.FindAllStringSubmatch(l, -1) {
			flags[sub][m[1]] = true
		}
	}
	return flags
}

// TestHelpListsDocumentedFlags checks that every flag the README and docs
// use in a "sightline SUB ..." command (with its continuation lines) is in
// `sightline help`, so that a reader who tries a recipe's flag finds it
// explained.
func TestHelpListsDocumentedFlags(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	files = append(files, "README.md")
	// "sightline tune" is the fit's old name, which the logs' recipes use.
	cmd := regexp.MustCompile(`\bsightline (datagen|fit|tune|train|bench|perft)\b(.*)`)
	help := usageFlags()
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i := 0; i < len(lines); i++ {
			m := cmd.FindStringSubmatch(lines[i])
			if m == nil {
				continue
			}
			at, sub, text := i+1, m[1], m[2]
			if sub == oldFitName {
				sub = "fit"
			}
			for strings.HasSuffix(strings.TrimSpace(text), `\`) && i+1 < len(lines) {
				i++
				text += " " + lines[i]
			}
			for _, f := range flagRE.FindAllStringSubmatch(text, -1) {
				if !help[sub][f[1]] {
					t.Errorf("%s:%d: sightline %s -%s is not in `sightline help`", file, at, sub, f[1])
				}
			}
		}
	}
}

// TestDocNamesEverySubcommand checks that main.go's doc comment, the
// command line as go doc shows it, names every subcommand of the table.
func TestDocNamesEverySubcommand(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	for _, c := range subcommands() {
		if !strings.Contains(doc, "sightline "+c.name+" ") && !strings.Contains(doc, "sightline "+c.name+"\n") {
			t.Errorf("main.go's doc does not name the subcommand %q", c.name)
		}
	}
}
