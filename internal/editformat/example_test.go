package editformat_test

import (
	"fmt"
	"io/fs"

	"f0/internal/editformat"
)

func ExampleApply() {
	file := "def greet():\n    print(“Hi”)\n"
	r, err := editformat.Apply(file, []editformat.Edit{{
		OldText: "def greet():\n    print(\"Hi\")\n",
		NewText: "def greet():\n    print(\"Hello, world!\")\n",
	}}, editformat.Options{Name: "app.py"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(r.Content)
	fmt.Println(r.Notes[0])
	fmt.Print(r.Diff)
	// Output:
	// def greet():
	//     print("Hello, world!")
	// matched with typographic quotes, dashes and spaces ignored at lines 1-2
	// --- app.py
	// +++ app.py
	// @@ -1,2 +1,2 @@
	//  def greet():
	// -    print(“Hi”)
	// +    print("Hello, world!")
}

func ExampleApplyPatch() {
	files := map[string]string{
		"src/app.py":   "def greet():\n    print(\"Hi\")\n",
		"obsolete.txt": "old\n",
	}
	read := func(path string) (string, error) {
		if t, ok := files[path]; ok {
			return t, nil
		}
		return "", fs.ErrNotExist
	}
	patch := `apply_patch <<'EOF'
*** Begin Patch
*** Add File: hello.txt
+Hello world
*** Update File: src/app.py
*** Move to: src/main.py
@@ def greet():
-    print("Hi")
+    print("Hello, world!")
*** Delete File: obsolete.txt
*** End Patch
EOF`
	changes, err := editformat.ApplyPatch(patch, read, editformat.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range changes {
		fmt.Printf("%s %s %s %q\n", c.Op.Kind, c.Op.Path, c.Op.MoveTo, c.After)
	}
	fmt.Println(changes[0].Result.Notes[0])
	// Output:
	// create hello.txt  "Hello world\n"
	// move src/app.py src/main.py "def greet():\n    print(\"Hello, world!\")\n"
	// delete obsolete.txt  ""
	// an apply_patch envelope was inside a shell heredoc (apply_patch <<'EOF' … EOF), which was removed
}
