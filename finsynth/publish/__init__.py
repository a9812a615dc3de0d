"""Publishing built dataset folders to the Hugging Face Hub: one commit, then a tag never moved."""

from finsynth.publish.hub import PublishError, PushResult, push_folder, token_from_environment

__all__ = ["PublishError", "PushResult", "push_folder", "token_from_environment"]
