import type { Language, Parser } from 'web-tree-sitter';

declare const treeSitter: { Parser: typeof Parser; Language: typeof Language };
export = treeSitter;
