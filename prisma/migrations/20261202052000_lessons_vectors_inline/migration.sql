-- Keep lesson vectors inside their rows. A 1,536-dimension vector is 6 KB, over PostgreSQL's 2 KB
-- TOAST threshold, so with the type's default (EXTERNAL) every candidate recall scored was read out of
-- line through the TOAST index (bench/RESULTS.md "Recall at scale"). MAIN keeps a vector in the row
-- while it fits a page; both the pgvector `vector` and the fallback `real[]` column take it. Rows
-- written from now on are inline; existing rows move when their vector is next written (re-embedding).
ALTER TABLE "lessons" ALTER COLUMN "embedding" SET STORAGE MAIN;
ALTER TABLE "lessons" ALTER COLUMN "next_embedding" SET STORAGE MAIN;
