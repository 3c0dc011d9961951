"""Running plans: executors per kind of tool, parameters, level-parallel execution, compression, the answer."""
