// Offline search over the site's index.
import { tokenize } from "./tokens.js";

const MAX_RESULTS = 20;
let cache = null;

export async function search(query, index) {
  if (!query || query.length < 2) {
    return [];
  }
  const words = tokenize(query.toLowerCase());
  const results = index.docs
    .filter((doc) => words.every((word) => doc.text.includes(word)))
    .map((doc) => ({ title: doc.title, score: doc.boost * 1.5 }));
  cache = { query, results };
  return results.slice(0, MAX_RESULTS);
}

class Highlighter extends Object {
  constructor(root) {
    super();
    this.root = root;
  }
}
