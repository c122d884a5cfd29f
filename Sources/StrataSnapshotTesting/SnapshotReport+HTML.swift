/// The page of a `SnapshotReport`: one HTML file with its own styles and a little script (the
/// expected/actual slider, the toggle, the filter), nothing fetched from elsewhere.
extension SnapshotReport {
    func html() -> String {
        let counts = Dictionary(grouping: entries, by: \.status).mapValues(\.count)
        let failing = entries.count - (counts["passed"] ?? 0)
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(title)) — Strata snapshot report</title>
            <style>\(Self.style)</style>
            </head>
            <body data-images="0/0">
            <header>
            <h1>Strata snapshot report</h1>
            <p class="what">\(Self.escape(title)) · tolerance \(Self.escape(tolerance.description))</p>
            <p class="counts">
            """
        for status in ["failed", "missing", "recorded", "passed"] {
            if let count = counts[status] { page += "<span class=\"badge \(status)\">\(count) \(status)</span> " }
        }
        page += "</p>\n<nav><button type=\"button\" data-show=\"all\" class=\"on\">all \(entries.count)</button>"
        page += "<button type=\"button\" data-show=\"failing\">not passed \(failing)</button></nav>\n</header>\n<main>\n"
        for entry in ordered { page += section(entry) }
        page += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private func section(_ entry: Entry) -> String {
        let name = Self.escape(entry.name)
        let time = entry.seconds.map { " <span class=\"time\">\(String(format3: $0)) s</span>" } ?? ""
        var html = "<section class=\"entry \(entry.status)\" id=\"\(name)\">\n"
        html += "<h2><span class=\"badge \(entry.status)\">\(entry.status)</span> \(name)\(time)</h2>\n"
        html += "<p class=\"summary\">\(Self.escape(entry.summary))</p>\n"
        html += "<details\(entry.status == "passed" ? "" : " open")><summary>expected · difference · actual</summary>\n<div class=\"triptych\">\n"
        for (label, file) in [("expected", entry.expected), ("difference", entry.difference), ("actual", entry.actual)] {
            guard let file else {
                html += "<figure><figcaption>\(label)</figcaption><p class=\"none\">no reference</p></figure>\n"
                continue
            }
            html += "<figure><figcaption>\(label)</figcaption><a href=\"\(Self.escape(file))\"><img src=\"\(Self.escape(file))\" alt=\"\(label) \(name)\"></a></figure>\n"
        }
        html += "</div>\n"
        if let expected = entry.expected {
            html += """
                <div class="compare">
                <div class="stage"><img src="\(Self.escape(expected))" alt="expected \(name)"><div class="over"><img src="\(Self.escape(entry.actual))" alt="actual \(name)"></div><div class="line"></div></div>
                <div class="controls"><label>expected <input type="range" min="0" max="100" value="50" aria-label="expected to actual"> actual</label>
                <button type="button" class="flip">show expected</button></div>
                </div>

                """
        }
        html += "</details>\n</section>\n"
        return html
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d1f23}
        header{background:#fff;border-bottom:1px solid #dde;padding:16px 24px;position:sticky;top:0;z-index:2}
        h1{font-size:20px;margin:0 0 4px}.what{margin:0 0 8px;color:#555}.counts{margin:0 0 8px}
        nav button,.controls button{border:1px solid #ccd;background:#fff;border-radius:6px;padding:3px 10px;margin-right:6px;cursor:pointer}
        nav button.on{background:#1d1f23;color:#fff}
        main{padding:16px 24px}
        .entry{background:#fff;border:1px solid #dde;border-left:6px solid #2e7d32;border-radius:8px;margin:0 0 16px;padding:12px 16px}
        .entry.failed{border-left-color:#c62828}.entry.missing,.entry.recorded{border-left-color:#ef6c00}
        h2{font-size:16px;margin:0 0 4px}.time{color:#777;font-weight:normal}
        .badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;color:#fff;background:#2e7d32;vertical-align:1px}
        .badge.failed{background:#c62828}.badge.missing,.badge.recorded{background:#ef6c00}
        .summary{margin:0 0 8px;font-family:ui-monospace,monospace;font-size:12px;color:#333}
        .triptych{display:flex;gap:12px;flex-wrap:wrap}
        figure{margin:0;flex:1 1 0;min-width:120px}figcaption{font-weight:600;font-size:12px;color:#555;margin-bottom:4px}
        figure img{max-width:100%;border:1px solid #ccd;image-rendering:pixelated;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
        .none{color:#999;font-style:italic}
        .compare{margin-top:12px}.stage{position:relative;display:inline-block;max-width:100%;line-height:0;border:1px solid #ccd}
        .stage img{max-width:100%;image-rendering:pixelated}.over{position:absolute;inset:0}.over img{width:100%;height:100%}
        .line{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#c62828}
        .controls{margin-top:6px}.controls input{vertical-align:middle;width:240px}
        body.failing .entry.passed{display:none}
        """

    static let script = """
        for (const box of document.querySelectorAll('.compare')) {
          const over = box.querySelector('.over'), line = box.querySelector('.line');
          const range = box.querySelector('input'), flip = box.querySelector('.flip');
          const set = (v) => { over.style.clipPath = 'inset(0 0 0 ' + v + '%)'; line.style.left = v + '%'; range.value = v;
            flip.textContent = Number(v) < 100 ? 'show expected' : 'show actual'; };
          range.addEventListener('input', () => set(range.value));
          flip.addEventListener('click', () => set(Number(range.value) < 100 ? 100 : 0));
          set(50);
        }
        for (const button of document.querySelectorAll('nav button')) {
          button.addEventListener('click', () => {
            document.body.classList.toggle('failing', button.dataset.show === 'failing');
            for (const other of document.querySelectorAll('nav button')) other.classList.toggle('on', other === button);
          });
        }
        window.addEventListener('load', () => {
          const loaded = (images) => images.filter((i) => i.complete && i.naturalWidth > 0).length + '/' + images.length;
          document.body.dataset.images = loaded([...document.images]);
          for (const entry of document.querySelectorAll('section.entry')) entry.dataset.images = loaded([...entry.querySelectorAll('img')]);
        });
        """
}
