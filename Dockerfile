# The playground's image: the package with its app extra, served by bbpe-playground on port
# 8501 (docs/deploy.md). Build and run where Docker exists:
#   docker build -t bbpe-playground .
#   docker run --rm -p 8501:8501 bbpe-playground
# The server's caps (SECURITY.md: 25 MB uploads, no exception details shown to users) ship
# inside the package, in playground/.streamlit/config.toml beside the served script.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# What the wheel is built from (pyproject.toml's package data and licence files), nothing else
COPY pyproject.toml README.md LICENSE NOTICE /src/
COPY LICENSES /src/LICENSES
COPY bbpe_core /src/bbpe_core
COPY playground /src/playground
RUN pip install "/src[app]" && rm -rf /src

# uid 1000: the user Hugging Face Spaces runs a Docker Space's container as
RUN useradd --create-home --uid 1000 app
USER app
WORKDIR /home/app

EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4)"]

CMD ["bbpe-playground", "--server.port", "8501", "--server.address", "0.0.0.0", "--server.headless", "true"]
