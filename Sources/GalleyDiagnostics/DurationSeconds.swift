extension Duration {
    /// The duration in seconds, as reports print it.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
