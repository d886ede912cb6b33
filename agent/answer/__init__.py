"""What an answer says: slots, statements, rendering, validation, wording, code summary, plan check."""
