// The types of scripts/pack-clean-copy.mjs, for the tests that take its pack (test/cli/index.test.ts).

/** Where the pack is kept (node_modules/.cache/tool-search-pack). */
export declare const PACK_FOLDER: string;

/** The project's own files, relative to its root. */
export declare function listProjectFiles(): string[];

/** The package packed from a clean copy of the project: the tarball and the `package/` folder unpacked from it. */
export declare function packCleanCopy(options?: { readonly force?: boolean; readonly log?: (line: string) => void }): {
  readonly tarball: string;
  readonly unpacked: string;
  readonly reused: boolean;
};
