-- Free lecture quizzes keep showing their correct answers (issue 19 point 5); the column's default,
-- "after the last attempt", stays for module and level exams.
UPDATE "quizzes" SET "show_correct_answers" = 'always' WHERE "kind" = 'lecture';
