-- Re-learned lessons strengthen the stored one; every vector records its dimension; while a tenant
-- changes its embedding model the new vectors are written beside the old ones, and recall keeps
-- reading the old until the new are complete.
ALTER TABLE "lessons" ADD COLUMN     "dimensions" INTEGER,
ADD COLUMN     "next_embedder" TEXT,
ADD COLUMN     "times_learned" INTEGER NOT NULL DEFAULT 1;

-- The next embedding: vector (pgvector) or real[] (fallback), as the init migration's embedding.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    ALTER TABLE "lessons" ADD COLUMN "next_embedding" vector;
  ELSE
    ALTER TABLE "lessons" ADD COLUMN "next_embedding" real[];
  END IF;
END $$;

UPDATE "lessons" SET "dimensions" = cardinality("embedding"::real[]) WHERE "embedding" IS NOT NULL;
