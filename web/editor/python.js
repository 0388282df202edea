// editor-python.js (see build.mjs): Python for the editor, loaded with the
// first PyFlink program. It hands @codemirror/lang-python's python() to
// editor.js, which waits for it in window.flinkEditorPython.
import { python } from "@codemirror/lang-python";

window.flinkEditorPython = python;
if (window.__flinkEditorPythonLoaded) window.__flinkEditorPythonLoaded();
