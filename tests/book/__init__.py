"""The book: chapters, their claims, exercises, figures, prose and the built site."""
