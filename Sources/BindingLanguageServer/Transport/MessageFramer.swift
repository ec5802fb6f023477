/// The base protocol's framing (LSP "Base Protocol"): each message is a header block of
/// `Name: value` lines ended by an empty line, with a `Content-Length` giving the length in
/// bytes of the JSON content that follows. Bytes are fed in as they arrive, in chunks of any
/// size; complete messages come out. A header block without a usable `Content-Length` (or
/// longer than the limit) is reported once, and the bytes up to the next `Content-Length`
/// header line are skipped, so one miscounted length does not lose the stream and a broken
/// client cannot make the reader loop or grow without bound.
public struct MessageFramer: Sendable {
    /// The largest content accepted; a bigger message is skipped and reported.
    public static let maxContentLength = 64 << 20
    /// The longest header block accepted.
    public static let maxHeaderLength = 8 << 10

    /// What the framer found in the input.
    public enum Frame: Sendable, Equatable {
        /// The content of one message.
        case message([UInt8])
        /// Bytes that were not a valid frame, with the reason; they were skipped.
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    /// Start of unread bytes in `buffer`.
    private var start = 0
    /// The content length of the header block already read, while waiting for its content.
    private var pendingLength: Int?
    /// Content bytes of an oversized message still to skip.
    private var skipping = 0
    /// Whether malformed input is being skipped up to the next `Content-Length` header line.
    private var resynchronising = false

    public init() {}

    /// Adds `bytes` and returns the frames now complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// Whether bytes of an unfinished message are buffered (input that ends here is truncated).
    public var hasPartialMessage: Bool { start < buffer.count || pendingLength != nil || skipping > 0 }

    private mutating func next() -> Frame? {
        if resynchronising {
            guard resynchronise() else { return nil }
        }
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let content = Array(buffer[start..<start + length])
            start += length
            pendingLength = nil
            return .message(content)
        }
        guard let end = headerEnd() else {
            // Every place the empty line could start within the limit has been seen, so the
            // verdict does not depend on how the input was split: look for the next header.
            if buffer.count - start >= Self.maxHeaderLength + 3 {
                start += 1
                resynchronising = true
                return .malformed("header longer than \(Self.maxHeaderLength) bytes")
            }
            return nil
        }
        let header = buffer[start..<end.headerEnd]
        let headerStart = start
        start = end.contentStart
        var length: Int?
        // Split on bytes: as a String, "\r\n" would be one character.
        for rawLine in header.split(separator: 0x0A) {
            let line = String(decoding: rawLine.last == 0x0D ? rawLine.dropLast() : rawLine, as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "content-length" {
                length = Int(line[line.index(after: colon)...].trimmingSpaces)
            }
        }
        guard let length, length >= 0 else {
            // Most likely the rest of a message whose length was miscounted, glued to the
            // next header: look for that header from the byte after this block's start.
            start = headerStart + 1
            resynchronising = true
            return .malformed("header without a valid Content-Length")
        }
        if length > Self.maxContentLength {
            skipping = length
            return .malformed("message of \(length) bytes is larger than \(Self.maxContentLength)")
        }
        pendingLength = length
        return next()
    }

    /// The end of the header block (before its empty line) and the start of the content,
    /// accepting `\r\n\r\n` and, leniently, `\n\n`, for a block of at most
    /// ``maxHeaderLength`` bytes: an empty line further on is not looked for, so whether a
    /// header is too long does not depend on how much input has arrived.
    private func headerEnd() -> (headerEnd: Int, contentStart: Int)? {
        var i = start
        let last = min(buffer.count, start + Self.maxHeaderLength + 1)
        while i < last {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count && buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count && buffer[i + 1] == 0x0D && buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// Skips to the next `Content-Length: <digits>` header line, matched case-insensitively
    /// wherever it starts (after garbage too) and ended by a line feed, which JSON content
    /// cannot hold inside a string. Returns whether one was found; if not, keeps only the
    /// bytes that could begin one and waits for more input.
    private mutating func resynchronise() -> Bool {
        let name = Array("content-length:".utf8)
        var i = start
        while i + name.count <= buffer.count {
            guard zip(name, buffer[i..<i + name.count]).allSatisfy({ $0 == ((0x41...0x5A).contains($1) ? $1 | 0x20 : $1) })
            else { i += 1; continue }
            switch isLengthLine(from: i + name.count) {
            case true?:
                start = i
                resynchronising = false
                return true
            case false?:
                i += 1
            case nil:
                start = i
                return false
            }
        }
        start = max(start, buffer.count - (name.count - 1))
        return false
    }

    /// Whether the bytes from `i` are a header value of digits between blanks, then the end
    /// of the line; nil while the line has not all arrived.
    private func isLengthLine(from i: Int) -> Bool? {
        let limit = 64
        let end = min(buffer.count, i + limit)
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        var j = i
        while j < end && isBlank(buffer[j]) { j += 1 }
        let digitsStart = j
        while j < end && (0x30...0x39).contains(buffer[j]) { j += 1 }
        let hasDigits = j > digitsStart
        while j < end && isBlank(buffer[j]) { j += 1 }
        guard j < end else { return end < i + limit ? nil : false }
        guard hasDigits else { return false }
        if buffer[j] == 0x0A { return true }
        guard buffer[j] == 0x0D else { return false }
        return j + 1 < buffer.count ? buffer[j + 1] == 0x0A : nil
    }

    /// One message's content framed for sending.
    public static func frame(_ content: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
