interface Page {
  url: string;
  title: string;
  words?: number;
}

type Result = { page: Page; score: number };

export class SearchClient {
  private readonly pages: Page[] = [];

  constructor(private endpoint: string) {}

  async load(): Promise<void> {
    const response = await fetch(`${this.endpoint}/index.json`);
    const data = (await response.json()) as Page[];
    this.pages.push(...data);
  }

  find(term: string, limit = 10): Result[] {
    return this.pages
      .filter((page) => page.title.includes(term))
      .map((page) => ({ page, score: 1 }))
      .slice(0, limit);
  }
}
