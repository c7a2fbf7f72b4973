"""The course's quiz: its bank of questions by chapter, with answers (instructors only).

Not part of the installed ``ndcg`` package: ``tools/instructor.py`` loads this folder as a
package and uses :mod:`bank`.
"""
