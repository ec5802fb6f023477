import BindingLang

extension Analysis {
    /// The folding ranges of a document, from its tokens (so a file with errors folds too):
    /// every body in braces spanning lines (a block, group, menu, shortcut or dictionary),
    /// from the line of its `{` to the line before its `}`, which stays visible; every block
    /// comment spanning lines; and every run of two or more `//` comments each alone on its
    /// line. In the order of their first lines.
    public func foldingRanges(_ file: FileID) -> [FoldingRange] {
        let d = document(file)
        let bytes = d.compilerBytes
        let (tokens, comments) = Lexer.tokenize(bytes)
        var ranges: [FoldingRange] = []
        var open: [Int] = []
        for t in tokens {
            switch t.kind {
            case .leftBrace:
                open.append(d.position(of: t.start).line)
            case .rightBrace:
                guard let start = open.popLast() else { continue }
                let end = d.position(of: t.start).line - 1
                if end > start { ranges.append(FoldingRange(startLine: start, endLine: end)) }
            default:
                break
            }
        }
        var run: (start: Int, end: Int)?
        func endRun() {
            if let r = run, r.end > r.start { ranges.append(FoldingRange(startLine: r.start, endLine: r.end, isComment: true)) }
            run = nil
        }
        for c in comments {
            let start = d.position(of: c.start)
            if c.isBlock {
                endRun()
                let end = d.position(of: c.end).line
                if end > start.line { ranges.append(FoldingRange(startLine: start.line, endLine: end, isComment: true)) }
                continue
            }
            let lineStart = d.lineStarts[start.line]
            let alone = bytes[lineStart..<c.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            guard alone else { endRun(); continue }
            if let r = run, r.end + 1 == start.line {
                run = (r.start, start.line)
            } else {
                endRun()
                run = (start.line, start.line)
            }
        }
        endRun()
        return ranges.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
    }
}
