-- Keep a lesson's whole row in its page, not only its vector. With the vector's storage MAIN, a row
-- of a 1,536-dimension lesson is ~6.3 KB, over the 2 KB target PostgreSQL shrinks rows to, so the
-- toaster moved every other text value longer than a TOAST pointer (the embedder id, the tenant and
-- user ids, the content) out of line, and recall's `embedder = $2` filter read each candidate's
-- embedder through the TOAST index: 4 extra buffers a row, 2.4 of the 3.4 ms of a 550-candidate
-- recall (bench/RESULTS.md "Rows inline"). 8160 is the largest target: a row is only toasted when
-- it does not fit a page. Rows written from now on are whole; existing rows when next written.
ALTER TABLE "lessons" SET (toast_tuple_target = 8160);
