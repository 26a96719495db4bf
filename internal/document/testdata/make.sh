#!/bin/sh
# Makes the documents of this folder from src/ (Debian 12: libreoffice-writer-nogui,
# libreoffice-calc-nogui, groff, ghostscript, texlive-latex-base). The outputs are committed; run this only
# to make them again (LibreOffice stamps dates, so the bytes change each time).
set -e
cd "$(dirname "$0")"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
lo() { libreoffice --headless -env:UserInstallation=file://$out/profile --convert-to "$@" --outdir "$out" >/dev/null 2>&1; }
# LibreOffice Writer: the report as DOCX (through an HTML import, which makes a
# Writer/Web document), then the DOCX as ODT and PDF (three pages, a table).
lo odt:writer8 src/report.html && mv "$out/report.odt" "$out/web.odt"
lo docx:"MS Word 2007 XML" "$out/web.odt" && mv "$out/web.docx" "$out/report.docx"
lo odt:writer8 "$out/report.docx"
lo pdf:writer_pdf_Export "$out/report.docx"
# LibreOffice Calc: a CSV as XLSX.
lo xlsx:"Calc MS Excel 2007 XML" src/sheet.csv
# ghostscript: a page that is only an image, as a scanner makes it.
ps2pdf src/scan.ps "$out/scan.pdf"
# groff (ms macros, two columns) through ghostscript's ps2pdf.
groff -ms -Tps src/columns.ms > "$out/columns.ps"
ps2pdf "$out/columns.ps" "$out/columns.pdf"
# pdfTeX: the paper with Computer Modern's Type 1 fonts (OT1, TeX's default), and with
# \usepackage[T1]{fontenc}, which without cm-super embeds bitmap Type 3 fonts.
sed 's/^\\usepackage\[T1\]{fontenc}$//' src/paper.tex > "$out/latex.tex"
cp src/paper.tex "$out/latex-t1.tex"
(cd "$out" && pdflatex -interaction=nonstopmode latex.tex && pdflatex -interaction=nonstopmode latex-t1.tex) >/dev/null
cp "$out/latex.pdf" "$out/latex-t1.pdf" .
cp "$out/report.odt" "$out/report.docx" "$out/report.pdf" "$out/sheet.xlsx" "$out/scan.pdf" "$out/columns.pdf" .
