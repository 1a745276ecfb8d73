#include <string>
#include <vector>

namespace leaks {

// Counts the objects still reachable after a collection.
class Watcher {
public:
    explicit Watcher(int limit) : limit_(limit) {}

    bool check(const std::vector<std::string>& names) const {
        int retained = 0;
        for (const auto& name : names) {
            if (!name.empty()) {
                retained += 1;
            }
        }
        return retained <= limit_;
    }

private:
    int limit_;
};

}  // namespace leaks

int main() {
    leaks::Watcher watcher(3);
    return watcher.check({"a", "b"}) ? 0 : 1;
}
