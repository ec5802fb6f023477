/// The base protocol's framing (LSP "Base Protocol"): each message is a header block of
/// `Name: value` lines ended by an empty line, with a `Content-Length` giving the length in
/// bytes of the JSON content that follows. Bytes are fed in as they arrive, in chunks of any
/// size; complete messages come out. A header block without a usable `Content-Length` is
/// dropped and reported, so a broken client cannot make the reader loop or grow without bound.
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
            // Every place the empty line could start within the limit has been seen: skip
            // exactly the bytes that cannot be a header, however the input was split.
            if buffer.count - start >= Self.maxHeaderLength + 3 {
                start += Self.maxHeaderLength + 1
                return .malformed("header longer than \(Self.maxHeaderLength) bytes")
            }
            return nil
        }
        let header = buffer[start..<end.headerEnd]
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
        guard let length, length >= 0 else { return .malformed("header without a valid Content-Length") }
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
