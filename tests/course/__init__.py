"""The course kit: assessment, grading, quiz exports, exam, slides, syllabus, term secrets."""
