import Testing

@Test func packageBuilds() { #expect(Bool(true)) }
